/* iPoker's <game> elements built in C (the compiled build only).

   ``nodes(text, first_line, tags, texts)`` returns what ``fragments.elements`` returns for
   the same arguments, built without a Python call an element, or None where it does not
   vouch for that: then the caller parses the fragment with the reference (any error
   included). It reads a game in one of two ways:

   - a simple game (every game iPoker writes: see "The simple games" below) by a reader
     of its own, which checks that subset of XML and declines everything else (also
     ``simple(...)``, for the tests);
   - any other by expat's callbacks: the expat that Python's ``pyexpat`` was built with,
     through the C API ``pyexpat`` exports for that (the capsule ``_elementtree`` uses),
     with the same parser settings as ``fragments._defused`` (namespace separator ``}``,
     Python's hash salt). It declines, before parsing, every text that could need more:

     - "<!" or "<?": a DTD, an entity declaration, a comment, CDATA, a processing
       instruction (defusedxml's refusals are the reference's to make); without them every
       "<" of a well-formed fragment starts a start or an end tag, so the k-th start
       element's line is the line of the k-th "<" not followed by "/";
     - a CR: expat counts CR and CRLF as line ends, this scan counts LF only;
     - a fragment expat refuses, or whose start elements are not as many as the scan's.

   Both decline a fragment of more than a million characters (a game is a few thousand).

   Why C (bench/LEVERS.md §40, §50): a game's elements cost 420,000 instructions a hand
   through pyexpat, half of it in the Python callback an element (its arguments' tuple,
   every tag and attribute name decoded, ``CurrentLineNumber`` rescanning the text);
   expat alone, lxml and ElementTree's C builder were measured too, and none is quicker.
   Expat's own 270,000 (each attribute's name built, hashed and checked) went with the
   simple games' reader. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <expat.h>
#include "pyexpat.h"

static struct PyExpat_CAPI *capi;

/* Strings of up to SHORT bytes (every tag and attribute name, most values: seats,
   numbers, player names, amounts), decoded once while they keep coming back: a cache of
   SLOTS entries, each string in the slot of its hash, where it replaces what was there.
   Bounded whatever the input; a string taken from it is equal to the one decoded anew. */
#define SLOTS 1024
#define SHORT 40
typedef struct {
    size_t len;
    char bytes[SHORT];
    PyObject *obj;
} Slot;
static Slot slots[SLOTS];

static PyObject *
decoded(const char *s, size_t n, int intern)
{
    if (n > SHORT)
        return PyUnicode_DecodeUTF8(s, (Py_ssize_t)n, "strict");
    uint64_t hash = 1469598103934665603ULL;  /* FNV-1a */
    for (size_t i = 0; i < n; i++)
        hash = (hash ^ (unsigned char)s[i]) * 1099511628211ULL;
    Slot *slot = &slots[hash & (SLOTS - 1)];
    if (slot->obj != NULL && slot->len == n && memcmp(slot->bytes, s, n) == 0) {
        Py_INCREF(slot->obj);
        return slot->obj;
    }
    PyObject *obj = PyUnicode_DecodeUTF8(s, (Py_ssize_t)n, "strict");
    if (obj == NULL)
        return NULL;
    if (intern)
        PyUnicode_InternInPlace(&obj);  /* names: the readers compare them with literals */
    Py_XSETREF(slot->obj, Py_NewRef(obj));
    slot->len = n;
    memcpy(slot->bytes, s, n);
    return obj;
}

/* Whether ``tag`` is in ``names`` (a set or frozenset of str; NULL: any). */
static int
named(PyObject *names, PyObject *tag)
{
    return names == NULL ? 1 : PySet_Contains(names, tag);
}

/* The node [tag, attrs, line, ""] appended to ``nodes`` (tag and attrs stolen, also on
   an error); *current that node where its text is read (its tag in ``texts``), else
   NULL. 0, or -1 on an error. */
static int
append_node(PyObject *nodes, PyObject *tag, PyObject *attrs, long line, PyObject *texts,
            PyObject **current)
{
    *current = NULL;
    PyObject *number = PyLong_FromLong(line);
    PyObject *empty = PyUnicode_New(0, 0);
    PyObject *node = PyList_New(4);
    if (number == NULL || empty == NULL || node == NULL) {
        Py_DECREF(tag);
        Py_DECREF(attrs);
        Py_XDECREF(number);
        Py_XDECREF(empty);
        Py_XDECREF(node);
        return -1;
    }
    PyList_SET_ITEM(node, 0, tag);
    PyList_SET_ITEM(node, 1, attrs);
    PyList_SET_ITEM(node, 2, number);
    PyList_SET_ITEM(node, 3, empty);
    int appended = PyList_Append(nodes, node);
    Py_DECREF(node);
    if (appended < 0)
        return -1;
    int reads = named(texts, tag);
    if (reads < 0)
        return -1;
    if (reads)
        *current = node;  /* (the list holds it) */
    return 0;
}

/* The text of the node being read: the node, and its text so far (UTF-8). */
typedef struct {
    PyObject *current;    /* the node whose text is read, or NULL */
    char *text;
    size_t len, cap;
} Reading;

/* ``n`` bytes at ``s`` added to the text read. 0, or -1 out of memory. */
static int
add_text(Reading *r, const char *s, size_t n)
{
    if (r->len + n > r->cap) {
        size_t cap = (r->len + n) * 2;
        char *grown = PyMem_Realloc(r->text, cap);
        if (grown == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        r->text = grown;
        r->cap = cap;
    }
    memcpy(r->text + r->len, s, n);
    r->len += n;
    return 0;
}

/* The text read onto the node that reads it (in place of its ""), and no node read. 0,
   or -1 on an error. */
static int
flush_text(Reading *r)
{
    PyObject *current = r->current;
    r->current = NULL;
    if (current == NULL || r->len == 0)
        return 0;
    PyObject *text = PyUnicode_DecodeUTF8(r->text, (Py_ssize_t)r->len, "strict");
    if (text == NULL)
        return -1;
    PyList_SetItem(current, 3, text);  /* steals text, drops the "" */
    r->len = 0;
    return 0;
}

typedef struct {
    PyObject *nodes;      /* the list returned */
    PyObject *tags;       /* frozenset of str or NULL */
    PyObject *texts;      /* frozenset of str or NULL */
    const long *lines;    /* file line of each start tag, in order */
    Py_ssize_t starts;    /* how many the scan found */
    Py_ssize_t seen;      /* start elements so far */
    Reading reading;
    int failed;           /* a Python error, or more start elements than tags */
} State;

static void XMLCALL
on_start(void *data, const XML_Char *name, const XML_Char **atts)
{
    State *st = (State *)data;
    if (st->failed)
        return;
    Py_ssize_t index = st->seen++;
    if (index >= st->starts || flush_text(&st->reading) < 0)
        goto fail;
    PyObject *tag = decoded(name, strlen(name), 1);
    if (tag == NULL)
        goto fail;
    int keep = named(st->tags, tag);
    if (keep <= 0) {
        Py_DECREF(tag);
        if (keep < 0)
            goto fail;
        return;
    }
    Py_ssize_t count = 0;
    while (atts[count] != NULL)
        count++;
    PyObject *attrs = PyList_New(count);
    if (attrs == NULL) {
        Py_DECREF(tag);
        goto fail;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *item = decoded(atts[i], strlen(atts[i]), i % 2 == 0);
        if (item == NULL) {
            Py_DECREF(tag);
            Py_DECREF(attrs);
            goto fail;
        }
        PyList_SET_ITEM(attrs, i, item);
    }
    if (append_node(st->nodes, tag, attrs, st->lines[index], st->texts,
                    &st->reading.current) < 0)
        goto fail;
    return;
fail:
    st->failed = 1;
}

static void XMLCALL
on_text(void *data, const XML_Char *s, int len)
{
    State *st = (State *)data;
    if (st->failed || st->reading.current == NULL || len <= 0)
        return;
    if (add_text(&st->reading, s, (size_t)len) < 0)
        st->failed = 1;
}

/* The file line of each start tag of ``s``, or -1 where the text is declined (a "<!",
   a "<?", a CR); ``*lines`` is the caller's to free. */
static Py_ssize_t
scan(const char *s, Py_ssize_t n, long first_line, long **lines)
{
    Py_ssize_t cap = 16, count = 0;
    long *out = PyMem_Malloc((size_t)cap * sizeof(long));
    if (out == NULL) {
        PyErr_NoMemory();
        return -2;
    }
    long line = first_line;
    for (Py_ssize_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '\n') {
            line++;
        }
        else if (c == '\r') {
            PyMem_Free(out);
            return -1;
        }
        else if (c == '<') {
            char next = i + 1 < n ? s[i + 1] : '\0';
            if (next == '!' || next == '?') {
                PyMem_Free(out);
                return -1;
            }
            if (next == '/')
                continue;
            if (count == cap) {
                cap *= 2;
                long *grown = PyMem_Realloc(out, (size_t)cap * sizeof(long));
                if (grown == NULL) {
                    PyMem_Free(out);
                    PyErr_NoMemory();
                    return -2;
                }
                out = grown;
            }
            out[count++] = line;
        }
    }
    *lines = out;
    return count;
}

/* ---- The simple games, read without expat ----

   Expat spends 270,000 instructions on a hand's game, most of them building and hashing
   each attribute's name (bench/LEVERS.md §50). A game as iPoker writes it is a small
   subset of XML, read here in one pass into the same nodes (its tests: every corpus and
   sample game, every significant character spliced anywhere into a game, built and
   spliced elements of any characters, each against expat):

       fragment  := S* element S*
       element   := "<" name (S+ name S* "=" S* value)* S* ("/>" | ">" content "</" name S* ">")
       content   := (chars | element)*
       name      := [A-Za-z_] [A-Za-z0-9_.-]*    (not starting "xml", any case)
       value     := '"' vchar* '"' | "'" vchar* "'"
       S         := " " | TAB | LF

   where a value's characters are neither "<", "&", its quote, nor a control character
   (TAB and LF included: expat turns them into spaces), and chars hold no "<", "&", "]]>"
   or control character other than TAB and LF. No character is C1 control, U+FFFE or
   U+FFFF (the text is a str's UTF-8: every other sequence is a character XML allows).
   An element's attribute names differ; elements nest at most DEEPEST deep and hold at
   most MOST attributes. Everything else (a reference, a comment, CDATA, a declaration,
   a processing instruction, a CR, a namespace, a non-ASCII name, any error) is declined
   and left to expat, which reads it or says what is wrong: what is read here is
   well-formed, and reads as expat reads it (no reference, no CR, no namespace and no
   white space in a value to normalise: every character is itself). */

#define DEEPEST 64
#define MOST 64

typedef struct {
    const unsigned char *s, *end;
    long line;
    PyObject *tags, *texts, *nodes;
    Reading reading;
} Simple;

enum { READ = 0, DECLINED = 1, FAILED = -1 };

static inline int
is_space(unsigned char c)
{
    return c == ' ' || c == '\n' || c == '\t';
}

static inline int
name_start(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static inline int
name_char(unsigned char c)
{
    return name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

/* White space from *p on, its line ends counted; whether there was any. */
static inline int
skip_space(Simple *sp, const unsigned char **p)
{
    const unsigned char *q = *p;
    while (q < sp->end && is_space(*q)) {
        sp->line += *q == '\n';
        q++;
    }
    int any = q != *p;
    *p = q;
    return any;
}

/* The length of the name at p (0: none, or one declined). */
static inline size_t
name_at(const Simple *sp, const unsigned char *p)
{
    if (p >= sp->end || !name_start(*p))
        return 0;
    const unsigned char *q = p + 1;
    while (q < sp->end && name_char(*q))
        q++;
    if (q - p >= 3 && (p[0] | 0x20) == 'x' && (p[1] | 0x20) == 'm' && (p[2] | 0x20) == 'l')
        return 0;
    return (size_t)(q - p);
}

/* The length of the non-ASCII character at p if XML allows it and this reader takes it
   (0: decline). The text is valid UTF-8, so the lead byte gives the length. */
static inline size_t
wide_at(const Simple *sp, const unsigned char *p)
{
    unsigned char c = *p;
    if (c < 0xE0) {
        /* U+0080..U+009F (C2 80..C2 9F): C1 controls, declined */
        return p + 1 < sp->end && (c != 0xC2 || p[1] >= 0xA0) ? 2 : 0;
    }
    if (c < 0xF0) {
        if (p + 2 >= sp->end)
            return 0;
        /* U+FFFE and U+FFFF (EF BF BE, EF BF BF) are not characters */
        return c == 0xEF && p[1] == 0xBF && p[2] >= 0xBE ? 0 : 3;
    }
    return p + 3 < sp->end ? 4 : 0;
}

/* The start tag at *p ("<" passed): its node appended where its name is kept; *empty
   whether it ended "/>", *name and *name_len its name. */
static int
simple_start(Simple *sp, const unsigned char **p, int *empty, const unsigned char **name,
             size_t *name_len)
{
    const unsigned char *q = *p;
    long line = sp->line;
    size_t len = name_at(sp, q);
    if (len == 0)
        return DECLINED;
    *name = q;
    *name_len = len;
    q += len;
    const unsigned char *names[MOST], *values[MOST];
    size_t name_lens[MOST], value_lens[MOST];
    int count = 0;
    for (;;) {
        int spaced = skip_space(sp, &q);
        if (q >= sp->end)
            return DECLINED;
        if (*q == '>' || *q == '/')
            break;
        size_t attr = spaced ? name_at(sp, q) : 0;
        if (attr == 0 || count == MOST)
            return DECLINED;
        for (int i = 0; i < count; i++)
            if (name_lens[i] == attr && memcmp(names[i], q, attr) == 0)
                return DECLINED;  /* given twice: expat's error */
        names[count] = q;
        name_lens[count] = attr;
        q += attr;
        skip_space(sp, &q);
        if (q >= sp->end || *q != '=')
            return DECLINED;
        q++;
        skip_space(sp, &q);
        if (q >= sp->end || (*q != '"' && *q != '\''))
            return DECLINED;
        unsigned char quote = *q++;
        const unsigned char *value = q;
        for (;;) {
            if (q >= sp->end)
                return DECLINED;
            unsigned char c = *q;
            if (c == quote)
                break;
            if (c < 0x20 || c == '<' || c == '&' || c == 0x7F)
                return DECLINED;
            if (c < 0x80) {
                q++;
                continue;
            }
            size_t wide = wide_at(sp, q);
            if (wide == 0)
                return DECLINED;
            q += wide;
        }
        values[count] = value;
        value_lens[count] = (size_t)(q - value);
        count++;
        q++;
    }
    if (*q == '/') {
        if (q + 1 >= sp->end || q[1] != '>')
            return DECLINED;
        *empty = 1;
        q += 2;
    }
    else {
        *empty = 0;
        q++;
    }
    *p = q;

    if (flush_text(&sp->reading) < 0)
        return FAILED;
    PyObject *tag = decoded((const char *)*name, len, 1);
    if (tag == NULL)
        return FAILED;
    int keep = named(sp->tags, tag);
    if (keep <= 0) {
        Py_DECREF(tag);
        return keep < 0 ? FAILED : READ;
    }
    PyObject *attrs = PyList_New(2 * count);
    if (attrs == NULL) {
        Py_DECREF(tag);
        return FAILED;
    }
    for (int i = 0; i < count; i++) {
        PyObject *key = decoded((const char *)names[i], name_lens[i], 1);
        PyObject *value = key == NULL ? NULL
            : decoded((const char *)values[i], value_lens[i], 0);
        if (value == NULL) {
            Py_XDECREF(key);
            Py_DECREF(tag);
            Py_DECREF(attrs);
            return FAILED;
        }
        PyList_SET_ITEM(attrs, 2 * i, key);
        PyList_SET_ITEM(attrs, 2 * i + 1, value);
    }
    return append_node(sp->nodes, tag, attrs, line, sp->texts, &sp->reading.current) < 0
        ? FAILED : READ;
}

/* The characters from *p up to the next "<" (or the end): READ, or DECLINED where one
   is not taken; the current node's text where one reads it. */
static int
simple_chars(Simple *sp, const unsigned char **p)
{
    const unsigned char *from = *p, *q = *p;
    while (q < sp->end) {
        unsigned char c = *q;
        if (c >= 0x80) {
            size_t wide = wide_at(sp, q);
            if (wide == 0)
                return DECLINED;
            q += wide;
            continue;
        }
        if (c == '<')
            break;
        if (c == '\n')
            sp->line++;
        else if ((c < 0x20 && c != '\t') || c == '&' || c == 0x7F)
            return DECLINED;
        else if (c == '>' && q - from >= 2 && q[-1] == ']' && q[-2] == ']')
            return DECLINED;
        q++;
    }
    *p = q;
    if (sp->reading.current != NULL && q > from)
        return add_text(&sp->reading, (const char *)from, (size_t)(q - from)) < 0
            ? FAILED : READ;
    return READ;
}

/* The nodes of ``s`` as ``nodes`` gives them, into sp->nodes: READ, DECLINED or FAILED
   (a Python error). */
static int
simple_read(Simple *sp)
{
    const unsigned char *p = sp->s;
    const unsigned char *open[DEEPEST];
    size_t open_lens[DEEPEST];
    int depth = 0;
    skip_space(sp, &p);
    if (p >= sp->end || *p != '<')
        return DECLINED;
    for (;;) {
        /* at a "<" */
        p++;
        if (p >= sp->end)
            return DECLINED;
        if (*p == '/') {
            p++;
            size_t len = name_at(sp, p);
            if (len == 0 || depth == 0 || len != open_lens[depth - 1]
                    || memcmp(p, open[depth - 1], len) != 0)
                return DECLINED;
            p += len;
            skip_space(sp, &p);
            if (p >= sp->end || *p != '>')
                return DECLINED;
            p++;
            depth--;
        }
        else {
            int empty;
            const unsigned char *name;
            size_t len;
            int status = simple_start(sp, &p, &empty, &name, &len);
            if (status != READ)
                return status;
            if (!empty) {
                if (depth == DEEPEST)
                    return DECLINED;
                open[depth] = name;
                open_lens[depth] = len;
                depth++;
            }
        }
        if (depth == 0)
            break;  /* the root's end */
        int status = simple_chars(sp, &p);
        if (status != READ)
            return status;
        if (p >= sp->end)
            return DECLINED;  /* an element left open */
    }
    skip_space(sp, &p);
    if (p != sp->end)
        return DECLINED;  /* more than one root, or text after it */
    return flush_text(&sp->reading) < 0 ? FAILED : READ;
}

/* ``nodes`` for a simple game, read without expat, or None where it is not one. */
static PyObject *
simple_nodes(const char *utf8, Py_ssize_t size, long first_line, PyObject *tags,
             PyObject *texts)
{
    Simple sp = {0};
    sp.s = (const unsigned char *)utf8;
    sp.end = sp.s + size;
    sp.line = first_line;
    sp.tags = tags;
    sp.texts = texts;
    sp.nodes = PyList_New(0);
    if (sp.nodes == NULL)
        return NULL;
    int status = simple_read(&sp);
    PyMem_Free(sp.reading.text);
    if (status == READ)
        return sp.nodes;
    Py_DECREF(sp.nodes);
    if (status == FAILED)
        return NULL;
    Py_RETURN_NONE;
}

#define LONGEST (1 << 20)

/* The arguments of ``nodes`` and ``simple``: 1 read, 0 None to return (a text too long
   or not UTF-8), -1 an error. */
static int
arguments(PyObject *const *args, Py_ssize_t nargs, const char **utf8, Py_ssize_t *size,
          long *first_line, PyObject **tags, PyObject **texts)
{
    if (nargs != 4 || !PyUnicode_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "nodes(text: str, first_line: int, tags, texts)");
        return -1;
    }
    *first_line = PyLong_AsLong(args[1]);
    if (*first_line == -1 && PyErr_Occurred())
        return -1;
    *tags = args[2] == Py_None ? NULL : args[2];
    *texts = args[3] == Py_None ? NULL : args[3];
    if ((*tags != NULL && !PyAnySet_Check(*tags))
            || (*texts != NULL && !PyAnySet_Check(*texts))) {
        PyErr_SetString(PyExc_TypeError, "tags and texts are sets of str, or None");
        return -1;
    }
    /* A game of more than LONGEST characters (a game is a few thousand; this is a broken
       or hostile one) is the reference's to read: the scan's table of lines, and the
       UTF-8 copy a str keeps once asked for it, stay small. */
    if (PyUnicode_GET_LENGTH(args[0]) > LONGEST)
        return 0;
    *utf8 = PyUnicode_AsUTF8AndSize(args[0], size);
    if (*utf8 == NULL) {
        PyErr_Clear();  /* (lone surrogates: the reference says what is wrong) */
        return 0;
    }
    return 1;
}

/* ``nodes`` for a game that is not simple, by expat's callbacks, or None. */
static PyObject *
expat_nodes(const char *utf8, Py_ssize_t size, long first_line, PyObject *tags,
            PyObject *texts)
{
    long *lines = NULL;
    Py_ssize_t starts = scan(utf8, size, first_line, &lines);
    if (starts == -2)
        return NULL;
    if (starts < 0)
        Py_RETURN_NONE;

    State st = {0};
    st.tags = tags;
    st.texts = texts;
    st.lines = lines;
    st.starts = starts;
    st.nodes = PyList_New(0);
    if (st.nodes == NULL) {
        PyMem_Free(lines);
        return NULL;
    }
    XML_Char separator[2] = {'}', '\0'};
    XML_Parser parser = capi->ParserCreate_MM(NULL, NULL, separator);
    if (parser == NULL) {
        PyMem_Free(lines);
        Py_DECREF(st.nodes);
        return PyErr_NoMemory();
    }
    if (capi->SetHashSalt != NULL)
        capi->SetHashSalt(parser, (unsigned long)_Py_HashSecret.expat.hashsalt);
    capi->SetEncoding(parser, "utf-8");  /* as pyexpat does for a str */
    capi->SetUserData(parser, &st);
    capi->SetElementHandler(parser, on_start, NULL);
    capi->SetCharacterDataHandler(parser, on_text);
    int ok = capi->Parse(parser, utf8, (int)size, 1) == XML_STATUS_OK;
    capi->ParserFree(parser);
    if (ok && !st.failed && flush_text(&st.reading) < 0)
        st.failed = 1;
    PyMem_Free(lines);
    PyMem_Free(st.reading.text);
    if (st.failed && PyErr_Occurred()) {
        Py_DECREF(st.nodes);
        return NULL;
    }
    if (!ok || st.failed || st.seen != starts) {
        Py_DECREF(st.nodes);
        Py_RETURN_NONE;
    }
    return st.nodes;
}

static PyObject *
read_game(PyObject *const *args, Py_ssize_t nargs, int with_expat)
{
    const char *utf8;
    Py_ssize_t size;
    long first_line;
    PyObject *tags, *texts;
    int given = arguments(args, nargs, &utf8, &size, &first_line, &tags, &texts);
    if (given <= 0)
        return given < 0 ? NULL : Py_NewRef(Py_None);
    PyObject *read = simple_nodes(utf8, size, first_line, tags, texts);
    if (read != Py_None || !with_expat)
        return read;  /* (or NULL: an error) */
    Py_DECREF(read);
    return expat_nodes(utf8, size, first_line, tags, texts);
}

static PyObject *
nodes(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    return read_game(args, nargs, 1);
}

static PyObject *
simple(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    return read_game(args, nargs, 0);
}

static PyMethodDef methods[] = {
    {"nodes", (PyCFunction)(void (*)(void))nodes, METH_FASTCALL,
     "nodes(text, first_line, tags, texts): fragments.elements's list, or None."},
    {"simple", (PyCFunction)(void (*)(void))simple, METH_FASTCALL,
     "simple(text, first_line, tags, texts): nodes's list for a simple game, read without "
     "expat, or None."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "auditor.sites.ipoker._expat_nodes",
    "iPoker's <game> elements built in C (see the source's first comment).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__expat_nodes(void)
{
    capi = (struct PyExpat_CAPI *)PyCapsule_Import(PyExpat_CAPSULE_NAME, 0);
    if (capi == NULL)
        return NULL;
    if (strcmp(capi->magic, PyExpat_CAPI_MAGIC) != 0
            || (size_t)capi->size < sizeof(struct PyExpat_CAPI)) {
        PyErr_SetString(PyExc_ImportError, "pyexpat's C API is not the one built against");
        return NULL;
    }
    return PyModule_Create(&module);
}
