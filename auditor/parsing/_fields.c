/* The fields of a hand's commonest line, in C (the compiled build only): a seat of the
   seats' list, a sixth of a PokerStars hand's lines (``plain_seat``), and PartyPoker's and
   888's seat lines (``bracket_seat``), and ACR/WPN's (``wpn_seat``, below).

   ``plain_seat(text)``: the seat, name and stack of a ``Seat 3: name ($12.50 in chips)``
   line, as ``(int(seat), name, stack)`` of ``shape.plain_seat``'s fields, or None where
   that gives None or the seat is more than nine digits (the reader's ``_whole`` refuses
   it: the caller falls back to the Python path, which reports it). Compiled, the Python
   version made a C call of mypyc's for each string method and slice: about 2,300
   instructions a seat line, here about 1,000 (bench/LEVERS.md §46). It reads the text
   in place and makes only the strings it returns.

   (The summary's seat-line test was written here too, and dropped: no cheaper than the
   compiled Python, whose calls are CPython's own searches.) */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* Whether ``text`` (``kind``, ``data``, ``length``) holds the ASCII ``word`` (of ``n``
   characters) at ``at``. */
static int
ascii_at(int kind, const void *data, Py_ssize_t length, Py_ssize_t at, const char *word,
         Py_ssize_t n)
{
    if (at < 0 || at + n > length)
        return 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (PyUnicode_READ(kind, data, at + i) != (Py_UCS4)(unsigned char)word[i])
            return 0;
    }
    return 1;
}

static int
is_digit(Py_UCS4 c)
{
    return c >= '0' && c <= '9';
}

/* How many ASCII digits start at ``at`` (before ``end``). */
static Py_ssize_t
digits(int kind, const void *data, Py_ssize_t at, Py_ssize_t end)
{
    Py_ssize_t i = at;
    while (i < end && is_digit(PyUnicode_READ(kind, data, i)))
        i++;
    return i - at;
}

/* Whether ``text[start:end]`` is an amount: what ``shape.AMOUNT`` fullmatches in a string
   of its own (where its look-behind and look-ahead see nothing), that is a currency
   symbol or none, then ``1,234,567`` (one to three digits, groups of three after commas)
   or digits alone, then a decimal part or none. The symbols are ``shape._SYMBOLS``. */
static int
is_amount(int kind, const void *data, Py_ssize_t start, Py_ssize_t end)
{
    Py_ssize_t i = start;
    if (i < end) {
        switch (PyUnicode_READ(kind, data, i)) {
        case '$': case 0x20AC: case 0x00A3: case 0x00A5: case 0x20B9: case 0xFFFD:
            i++;
        }
    }
    Py_ssize_t lead = digits(kind, data, i, end);
    if (lead == 0)
        return 0;
    i += lead;
    /* (The pattern's atomic group keeps its first alternative, the grouped number, where
       it matches: then the whole must end as that match does, as it must after the
       plain digits of the other.) */
    if (lead <= 3) {
        while (i + 4 <= end && PyUnicode_READ(kind, data, i) == ','
               && digits(kind, data, i + 1, i + 4) == 3)
            i += 4;
    }
    if (i + 1 < end && PyUnicode_READ(kind, data, i) == '.') {
        Py_ssize_t decimals = digits(kind, data, i + 1, end);
        if (decimals > 0)
            i += 1 + decimals;
    }
    return i == end;
}

static PyObject *
plain_seat(PyObject *Py_UNUSED(module), PyObject *text)
{
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "plain_seat(text: str)");
        return NULL;
    }
    static const char in_chips[] = " in chips)";
    const Py_ssize_t in_chips_length = (Py_ssize_t)sizeof(in_chips) - 1;
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    if (!ascii_at(kind, data, length, 0, "Seat ", 5)
        || !ascii_at(kind, data, length, length - in_chips_length, in_chips, in_chips_length))
        Py_RETURN_NONE;
    /* The seat: "Seat " then digits, up to the first ": " after them. */
    Py_ssize_t seat = digits(kind, data, 5, length);
    if (seat == 0 || seat > 9 || !ascii_at(kind, data, length, 5 + seat, ": ", 2))
        Py_RETURN_NONE;
    Py_ssize_t colon = 5 + seat;
    /* The stack: from the line's last " (" to " in chips)". */
    Py_ssize_t opening = -1;
    for (Py_ssize_t i = length - 2; i >= 0; i--) {
        if (PyUnicode_READ(kind, data, i) == ' ' && PyUnicode_READ(kind, data, i + 1) == '(') {
            opening = i;
            break;
        }
    }
    if (opening <= colon + 2)  /* (a name of one character at least) */
        Py_RETURN_NONE;
    Py_ssize_t stack_end = length - in_chips_length;
    if (opening + 2 > stack_end || !is_amount(kind, data, opening + 2, stack_end))
        Py_RETURN_NONE;
    long number = 0;
    for (Py_ssize_t i = 5; i < colon; i++)
        number = number * 10 + (long)(PyUnicode_READ(kind, data, i) - '0');
    PyObject *fields = PyTuple_New(3);
    if (fields == NULL)
        return NULL;
    PyObject *seat_number = PyLong_FromLong(number);  /* (the tuple owns each) */
    PyTuple_SET_ITEM(fields, 0, seat_number);
    PyObject *name = seat_number == NULL ? NULL : PyUnicode_Substring(text, colon + 2, opening);
    PyTuple_SET_ITEM(fields, 1, name);
    PyObject *stack = name == NULL ? NULL : PyUnicode_Substring(text, opening + 2, stack_end);
    PyTuple_SET_ITEM(fields, 2, stack);
    if (stack == NULL) {
        Py_DECREF(fields);
        return NULL;
    }
    return fields;
}

/* ``bracket_seat(text)``: PartyPoker's and 888's ``Seat 3: name ( $12.50 USD )``, as
   ``partypoker.reader.plain_seat`` reads it: the line starts "Seat " and ends ")", the
   seat is the decimal characters up to the first ": " (at least one), the name runs from
   after it to the first " (" (at least one character), the line holds one "(" and one
   ")", and the stack (between them, stripped of white space as ``str.strip`` strips it)
   holds a decimal character. The three fields as strings, or None where any of that
   fails (the Python then tries the pattern). Compiled, the Python's string methods cost
   about 3,000 instructions a seat line. */
static PyObject *
bracket_seat(PyObject *Py_UNUSED(module), PyObject *text)
{
    if (!PyUnicode_Check(text)) {
        PyErr_SetString(PyExc_TypeError, "bracket_seat(text: str)");
        return NULL;
    }
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    if (!ascii_at(kind, data, length, 0, "Seat ", 5)
        || PyUnicode_READ(kind, data, length - 1) != ')')
        Py_RETURN_NONE;
    Py_ssize_t colon = -1, bracket = -1, opened = 0, closed = 0;
    for (Py_ssize_t i = 0; i < length; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (c == '(')
            opened++;
        else if (c == ')')
            closed++;
        else if (c == ':' && colon < 0 && i + 1 < length
                 && PyUnicode_READ(kind, data, i + 1) == ' ')
            colon = i;
        else if (c == ' ' && bracket < 0 && i + 1 < length
                 && PyUnicode_READ(kind, data, i + 1) == '(')
            bracket = i;
    }
    if (colon <= 5 || opened != 1 || closed != 1 || bracket <= colon + 2)
        Py_RETURN_NONE;
    for (Py_ssize_t i = 5; i < colon; i++) {
        if (!Py_UNICODE_ISDECIMAL(PyUnicode_READ(kind, data, i)))
            Py_RETURN_NONE;
    }
    Py_ssize_t start = bracket + 2, end = length - 1;
    while (start < end && Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, start)))
        start++;
    while (end > start && Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, end - 1)))
        end--;
    int decimal = 0;
    for (Py_ssize_t i = start; i < end && !decimal; i++)
        decimal = Py_UNICODE_ISDECIMAL(PyUnicode_READ(kind, data, i));
    if (!decimal)
        Py_RETURN_NONE;
    PyObject *fields = PyTuple_New(3);
    if (fields == NULL)
        return NULL;
    PyObject *seat = PyUnicode_Substring(text, 5, colon);  /* (the tuple owns each) */
    PyTuple_SET_ITEM(fields, 0, seat);
    PyObject *name = seat == NULL ? NULL : PyUnicode_Substring(text, colon + 2, bracket);
    PyTuple_SET_ITEM(fields, 1, name);
    PyObject *stack = name == NULL ? NULL : PyUnicode_Substring(text, start, end);
    PyTuple_SET_ITEM(fields, 2, stack);
    if (stack == NULL) {
        Py_DECREF(fields);
        return NULL;
    }
    return fields;
}

/* Whether ``text[start:end]`` is ``[\d,]*\.?\d+`` whole, as ``winning.reader._stack_text``
   reads it (``\d`` is ``str.isdecimal``'s: any decimal digit, not only ASCII's): after
   its last "." one decimal digit at least; before it (or in all, where there is none)
   commas and decimal digits only, the last character a digit where there is no ".". */
static int
is_wpn_stack(int kind, const void *data, Py_ssize_t start, Py_ssize_t end)
{
    Py_ssize_t dot = -1;
    for (Py_ssize_t i = end - 1; i >= start; i--) {
        if (PyUnicode_READ(kind, data, i) == '.') {
            dot = i;
            break;
        }
    }
    Py_ssize_t head_end = dot >= 0 ? dot : end;
    if (dot >= 0) {
        if (dot + 1 >= end)
            return 0;
        for (Py_ssize_t i = dot + 1; i < end; i++) {
            if (!Py_UNICODE_ISDECIMAL(PyUnicode_READ(kind, data, i)))
                return 0;
        }
    }
    else if (end <= start || !Py_UNICODE_ISDECIMAL(PyUnicode_READ(kind, data, end - 1)))
        return 0;
    for (Py_ssize_t i = start; i < head_end; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (c != ',' && !Py_UNICODE_ISDECIMAL(c))
            return 0;
    }
    return 1;
}

/* ``wpn_seat(text, classic)``: ACR/WPN's seat line, 2014–16's ``Seat 3: Player name
   (12.50).`` (``classic``) or 2019+'s ``Seat 3: name ($12.50)`` with perhaps `` is
   sitting out``, as ``winning.reader._seat_fields`` reads it: ``(seat, name, stack,
   sitting_out)``, the seat the decimal characters between "Seat " and the first ": ",
   the name up to the last " (" before the closing ")", or None. Compiled, its string
   methods and slices are a C call of mypyc's each: about 2,500 instructions a seat. */
static PyObject *
wpn_seat(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyUnicode_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "wpn_seat(text: str, classic: bool)");
        return NULL;
    }
    PyObject *text = args[0];
    int classic = PyObject_IsTrue(args[1]);
    if (classic < 0)
        return NULL;
    static const char sitting_out[] = " is sitting out";
    const Py_ssize_t sitting_out_length = (Py_ssize_t)sizeof(sitting_out) - 1;
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    if (!ascii_at(kind, data, length, 0, "Seat ", 5))
        Py_RETURN_NONE;
    /* The first ": " after "Seat ", with decimal characters only (one at least) before. */
    Py_ssize_t colon = -1;
    for (Py_ssize_t i = 5; i + 1 < length; i++) {
        if (PyUnicode_READ(kind, data, i) == ':' && PyUnicode_READ(kind, data, i + 1) == ' ') {
            colon = i;
            break;
        }
    }
    if (colon < 6)
        Py_RETURN_NONE;
    for (Py_ssize_t i = 5; i < colon; i++) {
        if (!Py_UNICODE_ISDECIMAL(PyUnicode_READ(kind, data, i)))
            Py_RETURN_NONE;
    }
    Py_ssize_t end = length;
    int out = 0;
    if (classic) {
        if (length > 0 && PyUnicode_READ(kind, data, length - 1) == '.')
            end--;
    }
    else if (ascii_at(kind, data, length, length - sitting_out_length, sitting_out,
                      sitting_out_length)) {
        end -= sitting_out_length;
        out = 1;
    }
    if (end < 1 || PyUnicode_READ(kind, data, end - 1) != ')')
        Py_RETURN_NONE;
    /* The last " (" wholly inside [colon + 2, end). */
    Py_ssize_t bracket = -1;
    for (Py_ssize_t i = end - 2; i >= colon + 2; i--) {
        if (PyUnicode_READ(kind, data, i) == ' ' && PyUnicode_READ(kind, data, i + 1) == '(') {
            bracket = i;
            break;
        }
    }
    if (bracket < 0)
        Py_RETURN_NONE;
    Py_ssize_t stack_start = bracket + 2, stack_end = end - 1;
    if (stack_end < stack_start)
        stack_end = stack_start;  /* (a slice past its end is empty) */
    Py_ssize_t digits_start = stack_start;
    if (!classic && stack_start < stack_end && PyUnicode_READ(kind, data, stack_start) == '$')
        digits_start++;
    if (!is_wpn_stack(kind, data, digits_start, stack_end))
        Py_RETURN_NONE;
    PyObject *seat = PyUnicode_Substring(text, 5, colon);
    PyObject *name = seat == NULL ? NULL : PyUnicode_Substring(text, colon + 2, bracket);
    PyObject *stack = name == NULL ? NULL : PyUnicode_Substring(text, stack_start, stack_end);
    PyObject *fields = stack == NULL ? NULL
        : PyTuple_Pack(4, seat, name, stack, out ? Py_True : Py_False);
    Py_XDECREF(seat);
    Py_XDECREF(name);
    Py_XDECREF(stack);
    return fields;
}

static PyMethodDef methods[] = {
    {"plain_seat", plain_seat, METH_O,
     "plain_seat(text): (seat, name, stack) of a plain seat line, or None."},
    {"bracket_seat", bracket_seat, METH_O,
     "bracket_seat(text): (seat, name, stack) of a PartyPoker seat line, or None."},
    {"wpn_seat", (PyCFunction)(void (*)(void))wpn_seat, METH_FASTCALL,
     "wpn_seat(text, classic): (seat, name, stack, sitting_out) of an ACR/WPN seat line, "
     "or None."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "auditor.parsing._fields",
    "A plain seat line's fields in C (see the source's first comment).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__fields(void)
{
    return PyModule_Create(&module);
}
