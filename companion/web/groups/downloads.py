"""A group's statistics page and its files: the statistics as a PDF, its plays as CSV and BG Stats files (the whole
export and one ``.bgsplay`` per play), and the group's own JSON, which imports back (``routes``: /groups/import).
Their routes join the groups blueprint.

    /g/<token>/stats  /gw/<watch token>/stats       the statistics (and .pdf)
    /g/<token>/plays.csv  /g/<token>/bgstats.json  /g/<token>/plays/<n>.bgsplay  /g/<token>/export.json
"""

from __future__ import annotations

from flask import Response, abort, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import force_locale

from companion.groups import store as group_store
from companion.groups.exports import bgstats, local, plays_csv
from companion.i18n import gettext as _
from companion.storage.models import Group
from companion.web.groups.service import dumps, export_group, finished_plays, group_model, load_group, roster_names
from companion.web.printing.options import read_options
from companion.web.printing.render import Document
from companion.web.printing.routes import send_pdf
from companion.web.printing.zone import request_zone

from .routes import bp


def _stats_page(group: Group, can_write: bool) -> ResponseReturnValue:
    return render_template("groups/stats.html", model=group_model(group), can_write=can_write,
                           token=group.token if can_write else group.watch_token)


@bp.get("/g/<token>/stats")
def stats(token: str) -> ResponseReturnValue:
    return _stats_page(load_group(token), True)


@bp.get("/gw/<token>/stats")
def watch_stats(token: str) -> ResponseReturnValue:
    return _stats_page(load_group(token, watch=True), False)


def _stats_pdf(group: Group) -> ResponseReturnValue:
    options, problems = read_options(request.args)
    if problems:
        return Response(" ".join(p.code for p in problems), status=422, mimetype="text/plain")
    with force_locale(options.lang):
        model = group_model(group)
        document = Document("group_stats.html", _("Statistics: %(group)s", group=group.name),
                            f"group-statistics-{options.paper.key}", ("group_stats.css",),
                            {"paper": options.paper, "model": model}, fingerprint=None)
    key = {**options.key(), "group": group.watch_token, "plays": [(r.table_id, r.version) for r in model.finished],
           "roster": [(p.stats.key, p.stats.status) for p in model.players]}
    return send_pdf(document, key, options.lang, options.paper.key)


@bp.get("/g/<token>/stats.pdf")
def stats_pdf(token: str) -> ResponseReturnValue:
    return _stats_pdf(load_group(token))


@bp.get("/gw/<token>/stats.pdf")
def watch_stats_pdf(token: str) -> ResponseReturnValue:
    return _stats_pdf(load_group(token, watch=True))


def _download(body: str, content_type: str, filename: str) -> Response:
    """A file to save; ``content_type`` is the whole header, its charset said once."""
    return Response(body, content_type=content_type,
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


def _group_by_either(token: str) -> Group:
    """Exports are read-only: the players' link or the read-only one."""
    group = group_store.get_group(token) or group_store.get_watched_group(token)
    return group if group is not None else load_group(token)


# The exports' dates are in the phone's time zone (the ``tz`` the links carry, else the cookie), as the page says
# beside the links; UTC without one.

@bp.get("/g/<token>/plays.csv")
def plays_as_csv(token: str) -> ResponseReturnValue:
    group = _group_by_either(token)
    zone = request_zone(request.args, request.cookies).zone
    return _download(plays_csv(finished_plays(group), zone), "text/csv; charset=utf-8", "group-plays.csv")


@bp.get("/g/<token>/bgstats.json")
def plays_as_bgstats(token: str) -> ResponseReturnValue:
    group = _group_by_either(token)
    data = bgstats(finished_plays(group), group.name, zone=request_zone(request.args, request.cookies).zone,
                   roster=roster_names(group))
    return _download(dumps(data), "application/json", "BGStatsExport.json")


@bp.get("/g/<token>/plays/<int:number>.bgsplay")
def play_as_bgsplay(token: str, number: int) -> ResponseReturnValue:
    """One finished play (numbered as the history numbers them, 1 = the oldest) as a ``.bgsplay`` file."""
    group = _group_by_either(token)
    plays = finished_plays(group)
    if not 1 <= number <= len(plays):
        abort(404)
    play = plays[number - 1]
    zone = request_zone(request.args, request.cookies).zone
    data = bgstats([play], group.name, whole=False, zone=zone, roster=roster_names(group), history=plays)
    return _download(dumps(data), "application/json", f"{play.game}-{local(play.at, zone):%Y%m%d-%H%M}.bgsplay")


@bp.get("/g/<token>/export.json")
def export(token: str) -> ResponseReturnValue:
    group = load_group(token)
    return _download(dumps(export_group(group)), "application/json", "group.json")
