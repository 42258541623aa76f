/* A chunk's report columns written as Arrow's buffers, in C (the compiled build only).

   Each hand leaves plain rows (tuples: ``report.chunk``), and a chunk's become Arrow
   arrays column by column. ``pyarrow.array`` converts a Python list in C++, but through
   its generic visitor: about 30 ns an int and 50 a string here, a PokerStars hand's six
   payout rows of eleven columns about 6 µs in all. These loops read the rows in place
   and write the buffers ``pyarrow.Array.from_buffers`` takes, about 10 ns a value
   (bench/LEVERS.md §55). Where a value is not what they expect (another type, an amount
   beyond 64 bits, a string that UTF-8 cannot hold) they return None and the caller
   takes the Python path, which says what is wrong: these never refuse a row of their
   own.

   ``strings(rows, index, owners, nulls)``: the strings ``rows[owners[i]][index]``
   (``rows[i][index]`` where ``owners`` is None) as ``(validity, offsets, data)``, the
   validity bitmap (None where no value is null), the int32 offsets and the UTF-8 bytes
   of a ``pyarrow.string()`` array. With ``nulls``, None and "" are null (a nullable
   string column's rows, as ``schema.Column`` writes them).

   ``integers(rows, index)``: the integers ``rows[i][index]`` as ``(validity, data)`` of
   an int64 array; None is null.

   ``cents(rows, index, factors)``: the integers ``rows[i][index]`` times ``factors``
   (one int, or a list of one per row) as ``(validity, data)``: the 16-byte
   little-endian words of a ``decimal128`` whose unscaled values they are; None is
   null. None, not buffers, also where a product leaves 64 bits, or on a big-endian
   machine.

   Every value is read as the Python path reads it: an exact ``str`` or ``int`` (not a
   subclass: a bool goes the Python way). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* rows[i][index] as a borrowed reference, or NULL with no exception set where rows[i]
   is not a tuple long enough. */
static PyObject *
field(PyObject *rows, Py_ssize_t i, Py_ssize_t index)
{
    PyObject *row = PyList_GET_ITEM(rows, i);
    if (!PyTuple_Check(row) || index >= PyTuple_GET_SIZE(row))
        return NULL;
    return PyTuple_GET_ITEM(row, index);
}

/* A validity bitmap of ``n`` values whose first ``valid`` are valid (the rest set as
   they are written), or NULL with an exception. */
static PyObject *
new_validity(Py_ssize_t n, Py_ssize_t valid)
{
    PyObject *validity = PyBytes_FromStringAndSize(NULL, (n + 7) / 8);
    if (validity == NULL)
        return NULL;
    uint8_t *bits = (uint8_t *)PyBytes_AS_STRING(validity);
    memset(bits, 0, (n + 7) / 8);
    for (Py_ssize_t k = 0; k < valid; k++)
        bits[k / 8] |= (uint8_t)(1u << (k % 8));
    return validity;
}

static void
set_valid(PyObject *validity, Py_ssize_t i)
{
    uint8_t *bits = (uint8_t *)PyBytes_AS_STRING(validity);
    bits[i / 8] |= (uint8_t)(1u << (i % 8));
}

/* ``(validity, offsets, data)``, or ``(validity, data)`` where ``offsets`` is NULL;
   validity None where it is NULL. Takes the references given. */
static PyObject *
buffers(PyObject *validity, PyObject *offsets, PyObject *data)
{
    PyObject *out = offsets == NULL
        ? PyTuple_Pack(2, validity == NULL ? Py_None : validity, data)
        : PyTuple_Pack(3, validity == NULL ? Py_None : validity, offsets, data);
    Py_XDECREF(validity);
    Py_XDECREF(offsets);
    Py_DECREF(data);
    return out;
}

static PyObject *
strings(PyObject *self, PyObject *args)
{
    PyObject *rows, *owners;
    Py_ssize_t index;
    int nulls;
    if (!PyArg_ParseTuple(args, "O!nOp", &PyList_Type, &rows, &index, &owners, &nulls))
        return NULL;
    if (index < 0 || (owners != Py_None && !PyList_Check(owners)))
        Py_RETURN_NONE;
    int owned = owners != Py_None;
    Py_ssize_t nrows = PyList_GET_SIZE(rows);
    Py_ssize_t n = owned ? PyList_GET_SIZE(owners) : nrows;

    PyObject *offsets = PyBytes_FromStringAndSize(NULL, (n + 1) * (Py_ssize_t)sizeof(int32_t));
    if (offsets == NULL)
        return NULL;
    int32_t *at = (int32_t *)PyBytes_AS_STRING(offsets);
    PyObject *validity = NULL;  /* made at the first null */
    Py_ssize_t capacity = 16 * n + 16, used = 0;
    char *data = PyMem_Malloc(capacity);
    if (data == NULL) {
        Py_DECREF(offsets);
        return PyErr_NoMemory();
    }
    at[0] = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t r = i;
        if (owned) {
            PyObject *owner = PyList_GET_ITEM(owners, i);
            if (!PyLong_CheckExact(owner))
                goto fallback;
            r = PyLong_AsSsize_t(owner);
            if (r < 0 || r >= nrows) {
                PyErr_Clear();
                goto fallback;
            }
        }
        PyObject *value = field(rows, r, index);
        if (value == NULL)
            goto fallback;
        if (nulls && (value == Py_None
                      || (PyUnicode_CheckExact(value) && PyUnicode_GET_LENGTH(value) == 0))) {
            if (validity == NULL && (validity = new_validity(n, i)) == NULL)
                goto error;
            at[i + 1] = (int32_t)used;
            continue;
        }
        if (!PyUnicode_CheckExact(value))
            goto fallback;
        Py_ssize_t size;
        const char *utf8 = PyUnicode_AsUTF8AndSize(value, &size);
        if (utf8 == NULL) {  /* a lone surrogate: Arrow refuses it too, and says so */
            PyErr_Clear();
            goto fallback;
        }
        if (size > INT32_MAX - used)  /* beyond a string array's offsets */
            goto fallback;
        if (used + size > capacity) {
            Py_ssize_t grown = 2 * (used + size);
            char *more = PyMem_Realloc(data, grown);
            if (more == NULL) {
                PyErr_NoMemory();
                goto error;
            }
            data = more;
            capacity = grown;
        }
        memcpy(data + used, utf8, size);
        used += size;
        at[i + 1] = (int32_t)used;
        if (validity != NULL)
            set_valid(validity, i);
    }
    PyObject *bytes = PyBytes_FromStringAndSize(data, used);
    PyMem_Free(data);
    if (bytes == NULL) {
        Py_XDECREF(validity);
        Py_DECREF(offsets);
        return NULL;
    }
    return buffers(validity, offsets, bytes);

fallback:
    PyMem_Free(data);
    Py_XDECREF(validity);
    Py_DECREF(offsets);
    Py_RETURN_NONE;
error:
    PyMem_Free(data);
    Py_XDECREF(validity);
    Py_DECREF(offsets);
    return NULL;
}

/* An exact int as a long long in ``*out``: 1, or 0 (no exception set) where it is
   something else or beyond 64 bits. */
static int
as_int64(PyObject *value, long long *out)
{
    int overflow;
    if (!PyLong_CheckExact(value))  /* (a bool, a Decimal: the Python path) */
        return 0;
    *out = PyLong_AsLongLongAndOverflow(value, &overflow);
    if (overflow || (*out == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return 0;
    }
    return 1;
}

static PyObject *
integers(PyObject *self, PyObject *args)
{
    PyObject *rows;
    Py_ssize_t index;
    if (!PyArg_ParseTuple(args, "O!n", &PyList_Type, &rows, &index))
        return NULL;
    if (index < 0)
        Py_RETURN_NONE;
    Py_ssize_t n = PyList_GET_SIZE(rows);
    PyObject *data = PyBytes_FromStringAndSize(NULL, 8 * n);
    if (data == NULL)
        return NULL;
    int64_t *out = (int64_t *)PyBytes_AS_STRING(data);
    PyObject *validity = NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *value = field(rows, i, index);
        long long v = 0;
        if (value == NULL)
            goto fallback;
        if (value == Py_None) {
            if (validity == NULL && (validity = new_validity(n, i)) == NULL) {
                Py_DECREF(data);
                return NULL;
            }
        }
        else {
            if (!as_int64(value, &v))
                goto fallback;
            if (validity != NULL)
                set_valid(validity, i);
        }
        out[i] = (int64_t)v;
    }
    return buffers(validity, NULL, data);

fallback:
    Py_XDECREF(validity);
    Py_DECREF(data);
    Py_RETURN_NONE;
}

static PyObject *
cents(PyObject *self, PyObject *args)
{
    PyObject *rows, *factors;
    Py_ssize_t index;
    if (!PyArg_ParseTuple(args, "O!nO", &PyList_Type, &rows, &index, &factors))
        return NULL;
    const uint16_t probe = 1;
    if (index < 0 || *(const uint8_t *)&probe != 1)  /* the words are written little-endian */
        Py_RETURN_NONE;
    Py_ssize_t n = PyList_GET_SIZE(rows);
    int per_row = PyList_Check(factors);
    long long factor = 1;
    if (per_row ? PyList_GET_SIZE(factors) != n : !as_int64(factors, &factor))
        Py_RETURN_NONE;

    PyObject *words = PyBytes_FromStringAndSize(NULL, 16 * n);
    if (words == NULL)
        return NULL;
    int64_t *word = (int64_t *)PyBytes_AS_STRING(words);
    PyObject *validity = NULL;  /* made at the first None */
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *value = field(rows, i, index);
        if (value == NULL)
            goto fallback;
        if (value == Py_None) {
            if (validity == NULL && (validity = new_validity(n, i)) == NULL) {
                Py_DECREF(words);
                return NULL;
            }
            word[2 * i] = 0;
            word[2 * i + 1] = 0;
            continue;
        }
        long long units, product;
        if (!as_int64(value, &units)
                || (per_row && !as_int64(PyList_GET_ITEM(factors, i), &factor))
                || __builtin_mul_overflow(units, factor, &product))
            goto fallback;
        word[2 * i] = (int64_t)product;
        word[2 * i + 1] = product < 0 ? -1 : 0;  /* the high word: the sign, extended */
        if (validity != NULL)
            set_valid(validity, i);
    }
    return buffers(validity, NULL, words);

fallback:
    Py_XDECREF(validity);
    Py_DECREF(words);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"strings", strings, METH_VARARGS,
     "strings(rows, index, owners, nulls) -> (validity, offsets, data) | None: "
     "rows[owners[i]][index] (rows[i][index] where owners is None) as a string array's "
     "buffers; with nulls, None and '' are null."},
    {"integers", integers, METH_VARARGS,
     "integers(rows, index) -> (validity, data) | None: rows[i][index] as an int64 "
     "array's buffers."},
    {"cents", cents, METH_VARARGS,
     "cents(rows, index, factors) -> (validity, data) | None: rows[i][index] times its "
     "factor as a decimal128 array's buffers (validity None where no value is None)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "auditor.report._columns",
    "A chunk's report columns written as Arrow's buffers (see the source's first comment).",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__columns(void)
{
    return PyModule_Create(&module);
}
