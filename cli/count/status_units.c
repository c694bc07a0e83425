/*
 * status_units.c - `nqueens status FILE --units`: every finished
 * subproblem of a checkpoint with its provenance (the engine, the
 * library's version, the host and the time that counted it), so that a
 * wrong count can be traced to a machine. Text: a header line, then one
 * line per subproblem; --json: one object per line (JSON lines), since a
 * large count has millions of them.
 */
#include <stdio.h>
#include <time.h>

#include "count/status_units.h"
#include "nqueens.h"
#include "output/json.h"
#include "output/writer.h"

struct units_out {
    struct writer *w;
    bool json;
};

bool unit_time_iso(char *buf, size_t size, int64_t at)
{
    time_t t = (time_t)at;
    struct tm tm;
    if (at == 0 || gmtime_r(&t, &tm) == NULL ||
        strftime(buf, size, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0) {
        buf[0] = '\0';
        return false;
    }
    return true;
}

static const char *or_dash(const char *text)
{
    return text[0] != '\0' ? text : "-";
}

static int unit_line(const nq_unit_record *u, void *user)
{
    struct units_out *o = user;
    char when[32];
    if (!unit_time_iso(when, sizeof when, u->at))
        snprintf(when, sizeof when, "-");
    if (!o->json) {
        writer_printf(o->w, "%llu %llu %llu %llu %s %s %s %s%s\n",
                      (unsigned long long)u->id,
                      (unsigned long long)u->count.total,
                      (unsigned long long)u->count.sym180,
                      (unsigned long long)u->count.sym90, or_dash(u->engine),
                      or_dash(u->version), or_dash(u->host), when,
                      u->intact ? "" : " damaged");
        return 0;
    }
    struct json j;
    json_start(&j, o->w);
    json_begin_object(&j);
    json_key(&j, "id");
    json_uint(&j, u->id);
    json_key(&j, "total");
    json_uint(&j, u->count.total);
    json_key(&j, "sym180");
    json_uint(&j, u->count.sym180);
    json_key(&j, "sym90");
    json_uint(&j, u->count.sym90);
    json_key(&j, "engine");
    json_string(&j, u->engine);
    json_key(&j, "version");
    json_string(&j, u->version);
    json_key(&j, "host");
    json_string(&j, u->host);
    json_key(&j, "at");
    json_unit_time(&j, u->at);
    json_key(&j, "intact");
    json_bool(&j, u->intact);
    json_end_object(&j);
    json_end_line(&j);
    return 0;
}

void json_unit_time(struct json *j, int64_t at)
{
    char when[32];
    if (unit_time_iso(when, sizeof when, at))
        json_string(j, when);
    else
        json_null(j);
}

int status_units(struct writer *w, const char *path, bool json)
{
    struct units_out o = {w, json};
    if (!json)
        writer_puts(w, "id total sym180 sym90 engine version host time\n");
    return nq_checkpoint_units(path, unit_line, &o, NULL);
}
