/* The scalar hot path of badugi.rank(), seeing Python objects as they are.
 *
 * cffi converts each argument of a C call with int() semantics, so it cannot
 * tell the card id 1 from True or from numpy.float32(1.9); checking each id's
 * type in Python costs about as much again as the whole call. This one
 * function looks at the object itself: a tuple or list of exactly four exact
 * ints, or a str the C text parser reads, is ranked here; for anything else,
 * and for every invalid hand, it returns 0 and badugi.rank() takes its slow
 * path, which parses the hand once and names the problem.
 *
 * It is built into the cffi module (badugi._native) and attached to it by
 * badugi_install_python_fastpath(), which Python calls once at import. Only
 * the stable ABI of CPython 3.10 is used, so the abi3 wheel stays valid. */

#define PY_SSIZE_T_CLEAN
#define Py_LIMITED_API 0x030A0000
#include <Python.h>

#include <stdint.h>

#include "badugi.h"

/* The id in item if it is an exact int in 0..51, else -1 (a bool, a numpy
 * integer or a float all go to the slow path, which accepts or names them). */
static long exact_id(PyObject *item)
{
    if (item == NULL || !PyLong_CheckExact(item)) {
        return -1;
    }
    int overflow = 0;
    long id = PyLong_AsLongAndOverflow(item, &overflow);
    if (overflow != 0 || id < 0 || id > 51) {
        return -1; /* PyLong_AsLongAndOverflow never sets an error on an exact int */
    }
    return id;
}

static PyObject *rank_object(PyObject *self, PyObject *hand)
{
    (void)self;
    int r = 0;
    if (PyTuple_CheckExact(hand) || PyList_CheckExact(hand)) {
        int is_tuple = PyTuple_CheckExact(hand);
        Py_ssize_t n = is_tuple ? PyTuple_Size(hand) : PyList_Size(hand);
        if (n == 4) {
            long ids[4];
            int ok = 1;
            for (Py_ssize_t i = 0; i < 4 && ok; i++) {
                /* Borrowed references; the hand cannot change during this call,
                 * which holds the GIL and runs no Python code. */
                ids[i] = exact_id(is_tuple ? PyTuple_GetItem(hand, i) : PyList_GetItem(hand, i));
                ok = ids[i] >= 0;
            }
            if (ok) {
                r = badugi_rank4((uint8_t)ids[0], (uint8_t)ids[1], (uint8_t)ids[2], (uint8_t)ids[3]);
            }
        }
    }
    else if (PyUnicode_CheckExact(hand)) {
        Py_ssize_t len = 0;
        const char *text = PyUnicode_AsUTF8AndSize(hand, &len);
        if (text == NULL) {
            PyErr_Clear(); /* a lone surrogate has no UTF-8: the slow path names it */
        }
        else {
            r = badugi_rank_text(text, (size_t)len);
        }
    }
    return PyLong_FromLong(r > 0 ? r : 0);
}

/* The scale code of an exact int, or -1. */
static int code_of_int(PyObject *scale)
{
    if (!PyLong_CheckExact(scale)) {
        return -1;
    }
    int overflow = 0;
    long code = PyLong_AsLongAndOverflow(scale, &overflow);
    return overflow == 0 && code >= 0 && code < BADUGI_SCALE_COUNT ? (int)code : -1;
}

/* The scale code of a low's name as badugi.lowball takes it ("2-7" or "A-5"), or -1. */
static int code_of_low_name(PyObject *scale)
{
    if (PyUnicode_CheckExact(scale)) {
        if (PyUnicode_CompareWithASCIIString(scale, "2-7") == 0) {
            return BADUGI_SCALE_LOW_27;
        }
        if (PyUnicode_CompareWithASCIIString(scale, "A-5") == 0) {
            return BADUGI_SCALE_LOW_A5;
        }
    }
    return -1;
}

/* The rank of four or five exact int ids in a tuple or list, or of text, on
 * a scale code; 0 for anything else and for any hand the scale refuses. */
static PyObject *rank_hand_on(PyObject *hand, int code)
{
    int r = 0;
    if (PyTuple_CheckExact(hand) || PyList_CheckExact(hand)) {
        int is_tuple = PyTuple_CheckExact(hand);
        Py_ssize_t n = is_tuple ? PyTuple_Size(hand) : PyList_Size(hand);
        if (n == 4 || n == 5) {
            long ids[5];
            int ok = 1;
            for (Py_ssize_t i = 0; i < n && ok; i++) {
                ids[i] = exact_id(is_tuple ? PyTuple_GetItem(hand, i) : PyList_GetItem(hand, i));
                ok = ids[i] >= 0;
            }
            if (ok && n == 5) {
                r = badugi_rank5(code, (uint8_t)ids[0], (uint8_t)ids[1], (uint8_t)ids[2], (uint8_t)ids[3],
                                 (uint8_t)ids[4]);
            } else if (ok) {
                r = badugi_rank4_on(code, (uint8_t)ids[0], (uint8_t)ids[1], (uint8_t)ids[2], (uint8_t)ids[3]);
            }
        }
    }
    else if (PyUnicode_CheckExact(hand)) {
        Py_ssize_t len = 0;
        const char *text = PyUnicode_AsUTF8AndSize(hand, &len);
        if (text == NULL) {
            PyErr_Clear();
        }
        else {
            r = badugi_rank_text_on(code, text, (size_t)len);
        }
    }
    return PyLong_FromLong(r > 0 ? r : 0);
}

/* rank_on_object(hand, code): the scalar hot path of Scale.rank, for a scale code. */
static PyObject *rank_on_object(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "rank_on_object(hand, code) takes two arguments");
        return NULL;
    }
    int code = code_of_int(args[1]);
    return code < 0 ? PyLong_FromLong(0) : rank_hand_on(args[0], code);
}

/* rank_low_object(hand, name): the scalar hot path of badugi.lowball.rank,
 * which takes a scale by name; any other scale argument gives 0. */
static PyObject *rank_low_object(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "rank_low_object(hand, name) takes two arguments");
        return NULL;
    }
    int code = code_of_low_name(args[1]);
    return code < 0 ? PyLong_FromLong(0) : rank_hand_on(args[0], code);
}

static PyMethodDef rank_on_object_def = {
    "rank_on_object",
    (PyCFunction)(void (*)(void))rank_on_object,
    METH_FASTCALL,
    "rank_on_object(hand, code) -> int: the rank of four or five exact int ids in a tuple or list, or of "
    "text, on a scale code; 0 for anything else (Scale.rank's slow path then names the problem).",
};

static PyMethodDef rank_low_object_def = {
    "rank_low_object",
    (PyCFunction)(void (*)(void))rank_low_object,
    METH_FASTCALL,
    "rank_low_object(hand, name) -> int: the same on the low named '2-7' or 'A-5'; 0 for anything else.",
};

static PyMethodDef rank_object_def = {
    "rank_object",
    rank_object,
    METH_O,
    "rank_object(hand) -> int: the rank of four exact int ids in a tuple or list, or of text the C "
    "parser reads; 0 for anything else (badugi.rank's slow path then parses it and names any problem).",
};

int badugi_install_python_fastpath(void)
{
    /* cffi calls C functions with the GIL released; the Python C API needs it. */
    PyGILState_STATE gil = PyGILState_Ensure();
    int status = -1;
    PyObject *module = PyImport_ImportModule("badugi._native");
    if (module != NULL) {
        PyObject *function = PyCFunction_NewEx(&rank_object_def, NULL, NULL);
        if (function != NULL) {
            status = PyObject_SetAttrString(module, "rank_object", function);
            Py_DECREF(function);
        }
        PyMethodDef *scale_paths[2] = {&rank_on_object_def, &rank_low_object_def};
        for (int i = 0; i < 2 && status == 0; i++) {
            PyObject *path = PyCFunction_NewEx(scale_paths[i], NULL, NULL);
            status = path == NULL ? -1 : PyObject_SetAttrString(module, scale_paths[i]->ml_name, path);
            Py_XDECREF(path);
        }
        Py_DECREF(module);
    }
    if (status != 0) {
        PyErr_Clear();
    }
    PyGILState_Release(gil);
    return status;
}
