/* A named tuple made from its values in one C call (the compiled build only; see
   ``auditor/model/tuples.py``, whose ``new_tuple`` is ``tuple.__new__`` without it).

   ``new_tuple(cls, values)``: the instance of ``cls``, a subclass of ``tuple``, holding
   the items of the tuple ``values``: what ``tuple.__new__(cls, values)`` makes, without
   the type's generic ``__new__`` wrapper (an argument tuple built and parsed, ``values``
   checked as an iterable): 138 ns a payout row by ``timeit`` through
   ``tuple.__new__``, 178 through a ``partial``; the compiled engine makes about ten a
   hand (its payout rows, pots and layouts, SE001's stacks, a table). Like CPython's
   ``tuple_subtype_new``, it allocates ``cls`` for as many items, references each, and
   has the collector track the result. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>

static PyObject *
new_tuple(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyType_Check(args[0]) || !PyTuple_CheckExact(args[1])) {
        PyErr_SetString(PyExc_TypeError, "new_tuple(cls: type, values: tuple)");
        return NULL;
    }
    PyTypeObject *cls = (PyTypeObject *)args[0];
    if (cls == &PyTuple_Type || !PyType_IsSubtype(cls, &PyTuple_Type)) {
        PyErr_Format(PyExc_TypeError, "new_tuple: %.100s is not a subclass of tuple",
                     cls->tp_name);
        return NULL;
    }
    PyObject *values = args[1];
    Py_ssize_t n = PyTuple_GET_SIZE(values);
    PyObject *out = cls->tp_alloc(cls, n);
    if (out == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PyTuple_GET_ITEM(values, i);
        Py_INCREF(item);
        PyTuple_SET_ITEM(out, i, item);
    }
    /* (PyType_GenericAlloc tracks it already; a class's own allocator may not.) */
    if (PyType_IS_GC(cls) && !PyObject_GC_IsTracked(out))
        PyObject_GC_Track(out);
    return out;
}

static PyMethodDef methods[] = {
    {"new_tuple", (PyCFunction)(void (*)(void))new_tuple, METH_FASTCALL,
     "new_tuple(cls, values): the instance of the tuple subclass cls holding values' "
     "items, as tuple.__new__(cls, values)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "auditor.model._tuples",
    "Named tuples made from their values in C (see the source's first comment).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__tuples(void)
{
    return PyModule_Create(&module);
}
