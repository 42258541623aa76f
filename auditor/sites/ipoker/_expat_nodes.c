/* iPoker's <game> elements built by expat's callbacks in C (the compiled build only).

   ``nodes(text, first_line, tags, texts)`` returns what ``fragments.elements`` returns for
   the same arguments, built without a Python call an element, or None where it does not
   vouch for that: then the caller parses the fragment with the reference (any error
   included). It runs the expat that Python's ``pyexpat`` was built with, through the C
   API ``pyexpat`` exports for that (the capsule ``_elementtree`` uses), with the same
   parser settings as ``fragments._defused`` (namespace separator ``}``, Python's hash
   salt) and declines, before parsing, every text that could need more:

   - "<!" or "<?": a DTD, an entity declaration, a comment, CDATA, a processing
     instruction (defusedxml's refusals are the reference's to make); without them every
     "<" of a well-formed fragment starts a start or an end tag, so the k-th start
     element's line is the line of the k-th "<" not followed by "/";
   - a CR: expat counts CR and CRLF as line ends, this scan counts LF only;
   - a fragment expat refuses, or whose start elements are not as many as the scan's;
   - a fragment of more than a million characters (a game is a few thousand).

   Why C (bench/LEVERS.md §40): a game's elements cost 420,000 instructions a hand through
   pyexpat, half of it in the Python callback an element (its arguments' tuple, every tag
   and attribute name decoded, ``CurrentLineNumber`` rescanning the text); expat alone,
   lxml and ElementTree's C builder were measured too, and none is quicker. */

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
decoded(const char *s, int intern)
{
    uint64_t hash = 1469598103934665603ULL;  /* FNV-1a */
    size_t n = 0;
    for (; s[n] != '\0'; n++) {
        if (n == SHORT)
            return PyUnicode_DecodeUTF8(s, (Py_ssize_t)strlen(s), "strict");
        hash = (hash ^ (unsigned char)s[n]) * 1099511628211ULL;
    }
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

typedef struct {
    PyObject *nodes;      /* the list returned */
    PyObject *tags;       /* frozenset of str or NULL */
    PyObject *texts;      /* frozenset of str or NULL */
    const long *lines;    /* file line of each start tag, in order */
    Py_ssize_t starts;    /* how many the scan found */
    Py_ssize_t seen;      /* start elements so far */
    PyObject *current;    /* the node whose text is read, or NULL */
    char *text;           /* its text so far (UTF-8) */
    size_t text_len, text_cap;
    int failed;           /* a Python error, or more start elements than tags */
} State;

/* The text read so far onto the node that reads it. */
static int
flush_text(State *st)
{
    if (st->current == NULL || st->text_len == 0)
        return 0;
    PyObject *old = PyList_GET_ITEM(st->current, 3);
    PyObject *more = PyUnicode_DecodeUTF8(st->text, (Py_ssize_t)st->text_len, "strict");
    if (more == NULL)
        return -1;
    PyObject *joined = PyUnicode_Concat(old, more);
    Py_DECREF(more);
    if (joined == NULL)
        return -1;
    PyList_SetItem(st->current, 3, joined);  /* steals joined, drops old */
    st->text_len = 0;
    return 0;
}

static void XMLCALL
on_start(void *data, const XML_Char *name, const XML_Char **atts)
{
    State *st = (State *)data;
    if (st->failed)
        return;
    Py_ssize_t index = st->seen++;
    if (index >= st->starts || flush_text(st) < 0)
        goto fail;
    st->current = NULL;
    PyObject *tag = decoded(name, 1);
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
        PyObject *item = decoded(atts[i], i % 2 == 0);
        if (item == NULL) {
            Py_DECREF(tag);
            Py_DECREF(attrs);
            goto fail;
        }
        PyList_SET_ITEM(attrs, i, item);
    }
    PyObject *line = PyLong_FromLong(st->lines[index]);
    PyObject *empty = PyUnicode_New(0, 0);
    PyObject *node = PyList_New(4);
    if (line == NULL || empty == NULL || node == NULL) {
        Py_DECREF(tag);
        Py_DECREF(attrs);
        Py_XDECREF(line);
        Py_XDECREF(empty);
        Py_XDECREF(node);
        goto fail;
    }
    PyList_SET_ITEM(node, 0, tag);
    PyList_SET_ITEM(node, 1, attrs);
    PyList_SET_ITEM(node, 2, line);
    PyList_SET_ITEM(node, 3, empty);
    int appended = PyList_Append(st->nodes, node);
    Py_DECREF(node);
    if (appended < 0)
        goto fail;
    int reads = named(st->texts, tag);
    if (reads < 0)
        goto fail;
    if (reads)
        st->current = node;  /* (the list holds it) */
    return;
fail:
    st->failed = 1;
}

static void XMLCALL
on_text(void *data, const XML_Char *s, int len)
{
    State *st = (State *)data;
    if (st->failed || st->current == NULL || len <= 0)
        return;
    if (st->text_len + (size_t)len > st->text_cap) {
        size_t cap = (st->text_len + (size_t)len) * 2;
        char *grown = PyMem_Realloc(st->text, cap);
        if (grown == NULL) {
            PyErr_NoMemory();
            st->failed = 1;
            return;
        }
        st->text = grown;
        st->text_cap = cap;
    }
    memcpy(st->text + st->text_len, s, (size_t)len);
    st->text_len += (size_t)len;
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

#define LONGEST (1 << 20)

static PyObject *
nodes(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 4 || !PyUnicode_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "nodes(text: str, first_line: int, tags, texts)");
        return NULL;
    }
    long first_line = PyLong_AsLong(args[1]);
    if (first_line == -1 && PyErr_Occurred())
        return NULL;
    PyObject *tags = args[2] == Py_None ? NULL : args[2];
    PyObject *texts = args[3] == Py_None ? NULL : args[3];
    if ((tags != NULL && !PyAnySet_Check(tags)) || (texts != NULL && !PyAnySet_Check(texts))) {
        PyErr_SetString(PyExc_TypeError, "tags and texts are sets of str, or None");
        return NULL;
    }
    /* A game of more than LONGEST characters (a game is a few thousand; this is a broken
       or hostile one) is the reference's to read: the scan's table of lines, and the
       UTF-8 copy a str keeps once asked for it, stay small. */
    if (PyUnicode_GET_LENGTH(args[0]) > LONGEST)
        Py_RETURN_NONE;
    Py_ssize_t size;
    const char *utf8 = PyUnicode_AsUTF8AndSize(args[0], &size);
    if (utf8 == NULL) {
        PyErr_Clear();  /* (lone surrogates: the reference says what is wrong) */
        Py_RETURN_NONE;
    }
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
    if (ok && !st.failed && flush_text(&st) < 0)
        st.failed = 1;
    PyMem_Free(lines);
    PyMem_Free(st.text);
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

static PyMethodDef methods[] = {
    {"nodes", (PyCFunction)(void (*)(void))nodes, METH_FASTCALL,
     "nodes(text, first_line, tags, texts): fragments.elements's list, or None."},
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
