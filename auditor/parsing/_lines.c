/* Loops of the cutters over a decoded text, in C (the compiled build only): a hand's
   lines (the text and XML cutters), the text cutter's header search, and the rows of a
   PokerNow log (``log_rows``, below).

   ``stripped_lines(text, start, end, lstrip_first)`` returns what
   ``blocks.stripped_lines_in_python`` returns: the lines of ``text[start:end].rstrip()``,
   each right-stripped (the first also left-stripped if asked), and the length of that
   body. The cutters did it with a slice, a ``split`` and an ``rstrip`` call a line
   (bench/LEVERS.md §41): each line was made twice where it ended in white space, and each
   call went through Python's protocol. White space is ``str.strip``'s
   (``Py_UNICODE_ISSPACE``), so the lines are the same strings. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* ``args[1]`` and ``args[2]`` as a slice's bounds of ``text`` (``args[0]``): clamped to
   it, never negative (the cutters' positions). 0, or -1 with an exception set. */
static int
bounds(PyObject *const *args, Py_ssize_t *start, Py_ssize_t *end)
{
    Py_ssize_t length = PyUnicode_GET_LENGTH(args[0]);
    *start = PyLong_AsSsize_t(args[1]);
    if (*start == -1 && PyErr_Occurred())
        return -1;
    *end = PyLong_AsSsize_t(args[2]);
    if (*end == -1 && PyErr_Occurred())
        return -1;
    if (*start < 0 || *end < 0) {
        PyErr_SetString(PyExc_ValueError, "start and end are positions in the text");
        return -1;
    }
    if (*end > length)
        *end = length;
    if (*start > *end)
        *start = *end;
    return 0;
}

/* The first newline of ``text`` in [start, end), -1 if none, -2 with an exception set:
   by memchr in a text of one-byte characters, else by ``PyUnicode_FindChar``. */
static Py_ssize_t
find_newline(PyObject *text, int kind, const void *data, Py_ssize_t start, Py_ssize_t end)
{
    if (kind == PyUnicode_1BYTE_KIND) {
        if (start >= end)
            return -1;
        const char *at = memchr((const char *)data + start, '\n', (size_t)(end - start));
        return at == NULL ? -1 : at - (const char *)data;
    }
    return PyUnicode_FindChar(text, '\n', start, end, 1);
}

static PyObject *
stripped_lines(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 4 || !PyUnicode_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError,
                        "stripped_lines(text: str, start: int, end: int, lstrip_first: bool)");
        return NULL;
    }
    PyObject *text = args[0];
    Py_ssize_t start, end;
    if (bounds(args, &start, &end) < 0)
        return NULL;
    int lstrip_first = PyObject_IsTrue(args[3]);
    if (lstrip_first < 0)
        return NULL;
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);

    Py_ssize_t stop = end;  /* the body's end: right-stripped */
    while (stop > start && Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, stop - 1)))
        stop--;
    PyObject *lines = PyList_New(0);
    if (lines == NULL)
        return NULL;
    Py_ssize_t line = start;
    for (;;) {
        /* the line's end: the next newline (a C-level search), else the body's end */
        Py_ssize_t newline = find_newline(text, kind, data, line, stop);
        if (newline == -2) {
            Py_DECREF(lines);
            return NULL;
        }
        Py_ssize_t a = line, b = newline < 0 ? stop : newline;
        while (b > a && Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, b - 1)))
            b--;
        if (lstrip_first && line == start) {
            while (a < b && Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, a)))
                a++;
        }
        PyObject *piece = PyUnicode_Substring(text, a, b);
        if (piece == NULL || PyList_Append(lines, piece) < 0) {
            Py_XDECREF(piece);
            Py_DECREF(lines);
            return NULL;
        }
        Py_DECREF(piece);
        if (newline < 0)
            break;
        line = newline + 1;
    }
    return Py_BuildValue("(Nn)", lines, stop - start);
}

static PyObject *end_name;  /* "end", a match's method */

/* The prefixes of ``header_matches``, ready to compare: each one's width, characters and
   length, and for each ASCII character the prefixes that start with it (a bit each). */
#define MAX_PREFIXES 64

typedef struct {
    int kind[MAX_PREFIXES];
    const void *data[MAX_PREFIXES];
    Py_ssize_t size[MAX_PREFIXES];
    uint64_t by_first[128];  /* prefixes starting with that character */
    uint64_t others;         /* prefixes that start with no ASCII character (or empty) */
} Prefixes;

/* ``prefixes`` (a tuple of at most MAX_PREFIXES str) laid out in ``out``. */
static void
lay_out_prefixes(PyObject *prefixes, Prefixes *out)
{
    memset(out->by_first, 0, sizeof(out->by_first));
    out->others = 0;
    Py_ssize_t n = PyTuple_GET_SIZE(prefixes);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *prefix = PyTuple_GET_ITEM(prefixes, i);
        out->kind[i] = PyUnicode_KIND(prefix);
        out->data[i] = PyUnicode_DATA(prefix);
        out->size[i] = PyUnicode_GET_LENGTH(prefix);
        Py_UCS4 first = out->size[i] ? PyUnicode_READ(out->kind[i], out->data[i], 0) : 0;
        if (out->size[i] && first < 128)
            out->by_first[first] |= (uint64_t)1 << i;
        else
            out->others |= (uint64_t)1 << i;
    }
}

/* Whether the text (``kind``, ``data``) holds at ``at`` (before ``end``) one of the
   prefixes whose bits ``candidates`` has. */
static int
starts_with_one(int kind, const void *data, Py_ssize_t at, Py_ssize_t end,
                const Prefixes *prefixes, uint64_t candidates)
{
    for (int i = 0; candidates; i++, candidates >>= 1) {
        if (!(candidates & 1))
            continue;
        Py_ssize_t size = prefixes->size[i];
        if (size > end - at)
            continue;
        int pkind = prefixes->kind[i];
        const void *pdata = prefixes->data[i];
        Py_ssize_t j = 0;
        while (j < size && PyUnicode_READ(kind, data, at + j) == PyUnicode_READ(pkind, pdata, j))
            j++;
        if (j == size)
            return 1;
    }
    return 0;
}

/* ``header_matches(text, start, end, prefixes, match)``: ``list(pattern.finditer(text,
   start, end))`` for the cutter's header pattern (``match`` its bound ``match``), whose
   matches start at a newline followed by white space other than a newline or by one of
   ``prefixes`` (the pattern's own look-ahead). The regular expression's search walked
   from newline to newline trying that look-ahead at each (26,000 instructions of a
   PokerStars hand, §42); here each newline is found by a C-level search, the prefixes
   compared in C, and the pattern tried only where they allow (about one line a hand:
   its header). A match goes on from its end, as ``finditer`` does. */
static PyObject *
header_matches(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 5 || !PyUnicode_Check(args[0]) || !PyTuple_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError, "header_matches(text: str, start: int, end: int, "
                                         "prefixes: tuple[str, ...], match)");
        return NULL;
    }
    PyObject *text = args[0], *prefixes = args[3], *match = args[4];
    Py_ssize_t n_prefixes = PyTuple_GET_SIZE(prefixes);
    if (n_prefixes > MAX_PREFIXES) {
        PyErr_SetString(PyExc_ValueError, "prefixes: at most 64 (blocks.py asks no more)");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n_prefixes; i++) {
        if (!PyUnicode_Check(PyTuple_GET_ITEM(prefixes, i))) {
            PyErr_SetString(PyExc_TypeError, "prefixes: a tuple of str");
            return NULL;
        }
    }
    Py_ssize_t start, end;
    if (bounds(args, &start, &end) < 0)
        return NULL;
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    /* Most lines are passed over at one look at their first character: only the prefixes
       that start with it are compared (those that start with no ASCII one, always). */
    Prefixes laid;
    lay_out_prefixes(prefixes, &laid);
    PyObject *end_object = PyLong_FromSsize_t(end);
    PyObject *found = end_object == NULL ? NULL : PyList_New(0);
    if (found == NULL) {
        Py_XDECREF(end_object);
        return NULL;
    }
    Py_ssize_t pos = start;
    while (pos < end) {
        Py_ssize_t newline = find_newline(text, kind, data, pos, end);
        if (newline == -2)
            goto error;
        if (newline < 0 || newline + 1 >= end)
            break;  /* (a header needs text after its newline) */
        pos = newline + 1;
        Py_UCS4 c = PyUnicode_READ(kind, data, newline + 1);
        if (!(c != '\n' && Py_UNICODE_ISSPACE(c))) {  /* (white space: always tried) */
            uint64_t candidates = (c < 128 ? laid.by_first[c] : 0) | laid.others;
            if (!candidates || !starts_with_one(kind, data, newline + 1, end, &laid, candidates))
                continue;
        }
        PyObject *at = PyLong_FromSsize_t(newline);
        if (at == NULL)
            goto error;
        PyObject *call[3] = {text, at, end_object};
        PyObject *m = PyObject_Vectorcall(match, call, 3, NULL);
        Py_DECREF(at);
        if (m == NULL)
            goto error;
        if (m == Py_None) {
            Py_DECREF(m);
            continue;
        }
        PyObject *stop = PyObject_CallMethodNoArgs(m, end_name);
        Py_ssize_t after = stop == NULL ? -1 : PyLong_AsSsize_t(stop);
        Py_XDECREF(stop);
        if (after == -1 && PyErr_Occurred()) {
            Py_DECREF(m);
            goto error;
        }
        int appended = PyList_Append(found, m);
        Py_DECREF(m);
        if (appended < 0)
            goto error;
        if (after > pos)
            pos = after;
    }
    Py_DECREF(end_object);
    return found;
error:
    Py_DECREF(end_object);
    Py_DECREF(found);
    return NULL;
}

/* ``log_rows(text)``: what ``pokernow.log.log_rows_in_python`` returns: a PokerNow log
   laid out as PokerNow writes it (a header, then one row a line: a quoted entry, its
   time and its order, the orders of one width), read as (entries with their doubled
   quotes undone, the rows' ends joined, the width of one end, whether the orders fall
   strictly row after row), or None for a text laid out otherwise. In Python the log was
   split in lines, and each line cut twice more (its end, its entry) and searched for
   doubled quotes: four strings a row and each call through Python's protocol, in a
   text of two-byte characters wherever suits are printed (each string cut out of it is
   scanned for its widest character); 12 of the 31 microseconds a hand of the cutter. */

#define LOG_HEADER "entry,at,order"
#define AT_WIDTH 24  /* 2022-01-13T19:53:17.974Z */

/* A bound on the characters of ``text[a:b]`` that asks for the same width as their
   widest (all ``PyUnicode_New`` needs): their bits or-ed where that stays a character,
   as CPython's own search does, else their widest. One loop per width (``PyUnicode_READ``
   asks the width at each character). */
static Py_UCS4
widest_in(int kind, const void *data, Py_ssize_t a, Py_ssize_t b)
{
    Py_UCS4 widest = 0;
    Py_ssize_t i;
    switch (kind) {
    case PyUnicode_1BYTE_KIND:
        for (i = a; i < b; i++)
            widest |= ((const Py_UCS1 *)data)[i];
        return widest;
    case PyUnicode_2BYTE_KIND:
        for (i = a; i < b; i++)
            widest |= ((const Py_UCS2 *)data)[i];
        return widest;
    default:
        for (i = a; i < b; i++)
            widest = ((const Py_UCS4 *)data)[i] > widest ? ((const Py_UCS4 *)data)[i] : widest;
        return widest;
    }
}

/* ``count`` characters of a text (``kind``, ``data``) from ``start``, written into the
   new string ``out`` at ``at``, whose width is the text's or less (its characters fit:
   ``widest_in``). (Not ``PyUnicode_CopyCharacters``: from a text of one-byte characters
   into an ASCII string, CPython 3.11 checks the text's first characters, not those
   copied, and refuses where an earlier one is not ASCII.) */
static void
copy_run(PyObject *out, Py_ssize_t at, int kind, const void *data, Py_ssize_t start,
         Py_ssize_t count)
{
    int out_kind = PyUnicode_KIND(out);
    void *out_data = PyUnicode_DATA(out);
    Py_ssize_t i;
    if (out_kind == kind) {
        memcpy((char *)out_data + at * kind, (const char *)data + start * kind,
               (size_t)(count * kind));
    }
    else if (out_kind == PyUnicode_1BYTE_KIND && kind == PyUnicode_2BYTE_KIND) {
        for (i = 0; i < count; i++)
            ((Py_UCS1 *)out_data)[at + i] = (Py_UCS1)((const Py_UCS2 *)data)[start + i];
    }
    else {
        for (i = 0; i < count; i++)
            PyUnicode_WRITE(out_kind, out_data, at + i, PyUnicode_READ(kind, data, start + i));
    }
}

/* Each doubled quote of ``chars[0:size]`` made one, as ``str.replace`` does it (left to
   right, pairs not overlapping), in place; the new size. */
#define UNDOUBLE(T, chars, size, out)                                          \
    do {                                                                       \
        T *c_ = (T *)(chars);                                                  \
        Py_ssize_t i_ = 0, j_ = 0;                                             \
        while (i_ < (size)) {                                                  \
            T ch_ = c_[i_];                                                    \
            c_[j_++] = ch_;                                                    \
            i_ += (ch_ == '"' && i_ + 1 < (size) && c_[i_ + 1] == '"') ? 2 : 1; \
        }                                                                      \
        (out) = j_;                                                            \
    } while (0)

/* An entry (``text[a:b]``) with its doubled quotes undone: cut out, then undone in the
   new string (still private: no one else holds it) and shrunk. Quotes taken out never
   change the width a string needs, as a quote is ASCII. */
static PyObject *
undoubled(PyObject *text, Py_ssize_t a, Py_ssize_t b)
{
    PyObject *entry = PyUnicode_Substring(text, a, b);
    if (entry == NULL || entry == text || PyUnicode_GET_LENGTH(entry) < 2)
        return entry;
    if (Py_REFCNT(entry) != 1 || PyUnicode_CHECK_INTERNED(entry)) {
        /* (never so: a cut of two characters or more is a new string; but a string
           Python shares is not changed in place) */
        PyObject *undone = PyObject_CallMethod(entry, "replace", "ss", "\"\"", "\"");
        Py_DECREF(entry);
        return undone;
    }
    Py_ssize_t size = PyUnicode_GET_LENGTH(entry), kept;
    void *chars = PyUnicode_DATA(entry);
    switch (PyUnicode_KIND(entry)) {
    case PyUnicode_1BYTE_KIND: {
        /* (most entries: the quotes found by memchr, the runs between them moved) */
        char *c = chars;
        Py_ssize_t i = 0;
        kept = 0;
        while (i < size) {
            const char *quote = memchr(c + i, '"', (size_t)(size - i));
            Py_ssize_t stop = quote == NULL ? size : quote - c;
            if (kept != i)
                memmove(c + kept, c + i, (size_t)(stop - i));
            kept += stop - i;
            if (stop == size)
                break;
            c[kept++] = '"';
            i = stop + (stop + 1 < size && c[stop + 1] == '"' ? 2 : 1);
        }
        break;
    }
    case PyUnicode_2BYTE_KIND:
        UNDOUBLE(Py_UCS2, chars, size, kept);
        break;
    default:
        UNDOUBLE(Py_UCS4, chars, size, kept);
        break;
    }
    if (kept < size && PyUnicode_Resize(&entry, kept) < 0)
        return NULL;
    return entry;
}

static PyObject *
log_rows(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 1 || !PyUnicode_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "log_rows(text: str)");
        return NULL;
    }
    PyObject *text = args[0];
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    Py_ssize_t header = sizeof(LOG_HEADER) - 1;
    /* the header line, exactly */
    if (length < header)
        Py_RETURN_NONE;
    for (Py_ssize_t i = 0; i < header; i++) {
        if (PyUnicode_READ(kind, data, i) != (Py_UCS4)LOG_HEADER[i])
            Py_RETURN_NONE;
    }
    if (length == header || PyUnicode_READ(kind, data, header) != '\n')
        Py_RETURN_NONE;
    /* The rows' lines: split at newlines, the empty line after a last newline dropped
       (``text.split("\n")`` then ``pop`` of a last ""). */
    Py_ssize_t body = header + 1, end = length;
    if (end > body && PyUnicode_READ(kind, data, end - 1) == '\n')
        end--;
    else if (end == body)
        Py_RETURN_NONE;  /* "entry,at,order\n": no row */
    Py_ssize_t capacity = 256, n = 0;
    Py_ssize_t *starts = PyMem_New(Py_ssize_t, capacity);
    if (starts == NULL)
        return PyErr_NoMemory();
    PyObject *result = NULL, *entries = NULL, *tails = NULL;
    Py_ssize_t line = body;
    for (;;) {
        if (n + 1 >= capacity) {
            capacity *= 2;
            Py_ssize_t *more = PyMem_Resize(starts, Py_ssize_t, capacity);
            if (more == NULL) {
                PyErr_NoMemory();
                goto done;
            }
            starts = more;
        }
        starts[n++] = line;
        Py_ssize_t newline = find_newline(text, kind, data, line, end);
        if (newline == -2)
            goto done;
        if (newline < 0)
            break;
        line = newline + 1;
    }
    starts[n] = end + 1;  /* row i is text[starts[i]:starts[i + 1] - 1] */
    /* The order's digits: what follows the first row's last comma. */
    Py_ssize_t first_end = starts[1] - 1, comma = first_end - 1;
    while (comma >= starts[0] && PyUnicode_READ(kind, data, comma) != ',')
        comma--;
    Py_ssize_t digits = first_end - comma - 1;  /* (the whole line where no comma) */
    Py_ssize_t width = digits + AT_WIDTH + 3;
    if (digits == 0)
        goto none;
    int descending = 1;
    Py_UCS4 widest = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t a = starts[i], b = starts[i + 1] - 1, tail = b - width;
        if (b - a < width || PyUnicode_READ(kind, data, a) != '"'
                || PyUnicode_READ(kind, data, tail) != '"'
                || PyUnicode_READ(kind, data, tail + 1) != ','
                || PyUnicode_READ(kind, data, tail + 2 + AT_WIDTH) != ',')
            goto none;
        for (Py_ssize_t j = b - digits; j < b; j++) {
            Py_UCS4 c = PyUnicode_READ(kind, data, j);  /* ``str.isdigit``'s digits */
            if (!(c <= '9' ? c >= '0' : c >= 128 && Py_UNICODE_ISDIGIT(c)))
                goto none;
        }
        Py_UCS4 end_widest = widest_in(kind, data, tail, b);
        if (end_widest > widest)
            widest = end_widest;
        if (descending && i > 0) {  /* this row's order below the one before? */
            Py_ssize_t before = starts[i] - 1 - digits, at = b - digits, j = 0;
            while (j < digits && PyUnicode_READ(kind, data, before + j)
                                 == PyUnicode_READ(kind, data, at + j))
                j++;
            if (j == digits || PyUnicode_READ(kind, data, before + j)
                               < PyUnicode_READ(kind, data, at + j))
                descending = 0;
        }
    }
    tails = PyUnicode_New(n * width, widest);
    entries = tails == NULL ? NULL : PyList_New(n);
    if (entries == NULL)
        goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t a = starts[i], b = starts[i + 1] - 1;
        copy_run(tails, i * width, kind, data, b - width, width);
        /* ``line[1:-width]``: empty where the opening quote is the end's own */
        PyObject *entry = undoubled(text, a + 1 < b - width ? a + 1 : b - width, b - width);
        if (entry == NULL)
            goto done;
        PyList_SET_ITEM(entries, i, entry);
    }
    result = Py_BuildValue("(OOnO)", entries, tails, width, descending ? Py_True : Py_False);
    goto done;
none:
    result = Py_NewRef(Py_None);
done:
    PyMem_Free(starts);
    Py_XDECREF(entries);
    Py_XDECREF(tails);
    return result;
}

static PyMethodDef methods[] = {
    {"header_matches", (PyCFunction)(void (*)(void))header_matches, METH_FASTCALL,
     "header_matches(text, start, end, prefixes, match): the header pattern's finditer."},
    {"log_rows", (PyCFunction)(void (*)(void))log_rows, METH_FASTCALL,
     "log_rows(text): a PokerNow log's rows (pokernow.log.log_rows_in_python)."},
    {"stripped_lines", (PyCFunction)(void (*)(void))stripped_lines, METH_FASTCALL,
     "stripped_lines(text, start, end, lstrip_first): (lines, length of the body)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "auditor.parsing._lines",
    "The cutters' loops in C (see the source's first comment).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__lines(void)
{
    end_name = PyUnicode_InternFromString("end");
    if (end_name == NULL)
        return NULL;
    return PyModule_Create(&module);
}
