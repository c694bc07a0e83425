/*
 * error.c - words for the error codes, generated from NQ_ERROR_TABLE so
 * that the enum, the messages and the names cannot drift apart.
 */
#include "nqueens.h"

const char *nq_strerror(int err)
{
    switch (err) {
    case NQ_OK:
        return "success";
#define NQ_ERROR_TEXT_(name, value, text)                                      \
    case NQ_E_##name:                                                          \
        return text;
        NQ_ERROR_TABLE(NQ_ERROR_TEXT_)
#undef NQ_ERROR_TEXT_
    default:
        return "unknown error";
    }
}

const char *nq_err_name(int err)
{
    switch (err) {
    case NQ_OK:
        return "NQ_OK";
#define NQ_ERROR_NAME_(name, value, text)                                      \
    case NQ_E_##name:                                                          \
        return "NQ_E_" #name;
        NQ_ERROR_TABLE(NQ_ERROR_NAME_)
#undef NQ_ERROR_NAME_
    default:
        return "NQ_E_UNKNOWN";
    }
}

const char *nq_version(void)
{
    return NQ_VERSION_STRING;
}
