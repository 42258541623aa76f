"""Reading files into hands: encodings, hand blocks, site grammars."""
