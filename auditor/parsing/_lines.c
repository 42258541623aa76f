/* A hand's lines cut out of a decoded text in one pass (the compiled build only).

   ``stripped_lines(text, start, end, lstrip_first)`` returns what
   ``blocks.stripped_lines_in_python`` returns: the lines of ``text[start:end].rstrip()``,
   each right-stripped (the first also left-stripped if asked), and the length of that
   body. The cutters did it with a slice, a ``split`` and an ``rstrip`` call a line
   (bench/LEVERS.md §41): each line was made twice where it ended in white space, and each
   call went through Python's protocol. White space is ``str.strip``'s
   (``Py_UNICODE_ISSPACE``), so the lines are the same strings. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

static PyObject *
stripped_lines(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 4 || !PyUnicode_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError,
                        "stripped_lines(text: str, start: int, end: int, lstrip_first: bool)");
        return NULL;
    }
    PyObject *text = args[0];
    Py_ssize_t length = PyUnicode_GET_LENGTH(text);
    Py_ssize_t start = PyLong_AsSsize_t(args[1]);
    if (start == -1 && PyErr_Occurred())
        return NULL;
    Py_ssize_t end = PyLong_AsSsize_t(args[2]);
    if (end == -1 && PyErr_Occurred())
        return NULL;
    int lstrip_first = PyObject_IsTrue(args[3]);
    if (lstrip_first < 0)
        return NULL;
    /* As a slice's bounds: clamped, never negative here (the cutters' positions). */
    if (start < 0 || end < 0) {
        PyErr_SetString(PyExc_ValueError, "start and end are positions in the text");
        return NULL;
    }
    if (end > length)
        end = length;
    if (start > end)
        start = end;
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
        Py_ssize_t newline = PyUnicode_FindChar(text, '\n', line, stop, 1);
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

static PyMethodDef methods[] = {
    {"stripped_lines", (PyCFunction)(void (*)(void))stripped_lines, METH_FASTCALL,
     "stripped_lines(text, start, end, lstrip_first): (lines, length of the body)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "auditor.parsing._lines",
    "A hand's lines cut out in one pass (see the source's first comment).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__lines(void)
{
    return PyModule_Create(&module);
}
