"""An import never stalls a worker: against gunicorn as `make run` serves it (gevent), with
ONE worker process so the import and the polls share it. The longest accepted log (19,900 entries) is checked
off the event loop, so the table's polls on that worker are answered while the import runs; a client over its
table-creation limit is refused before anything is read."""

from __future__ import annotations

import json
import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from tests.browser.fixtures import MAKE_RUN, serve

LONGEST = 19_900


@pytest.fixture(scope="module")
def one_worker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "tests.browser.serve:app",
                     extra_env={"COMPANION_TEST_CONFIG": json.dumps({"TABLES_PER_WINDOW": 3})}, server_args=[*MAKE_RUN, "--workers", "1"])


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


_OPENER = urllib.request.build_opener(_NoRedirects)


@dataclass
class Browser:
    """One phone: its cookies kept by hand (the session cookie may be Secure), redirects not followed."""

    base: str
    cookies: dict[str, str] = field(default_factory=dict)

    def send(self, method: str, path: str, data: dict[str, object] | None = None,
             file: str | None = None) -> tuple[int, str, str]:
        """``file``: sent as the form's uploaded file (multipart), as a phone uploads an export."""
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        headers = {"Accept-Language": "en", "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        if file is not None:
            boundary = "----companion-test-boundary"
            parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'
                     for k, v in (data or {}).items()]
            parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="t.json"\r\n'
                         f"Content-Type: application/json\r\n\r\n{file}\r\n--{boundary}--\r\n")
            body = "".join(parts).encode()
            headers["Content-Type"] = f"multipart/form-data; boundary={boundary}"
        request = urllib.request.Request(self.base + path, body, method=method, headers=headers)
        try:
            response = _OPENER.open(request, timeout=300)
        except urllib.error.HTTPError as exc:
            response = exc
        with response:
            for value in response.headers.get_all("Set-Cookie") or []:
                name, _, rest = value.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
            return response.status, response.read().decode(), response.headers.get("Location", "")

    def csrf(self, path: str) -> str:
        found = re.search(r'name="csrf-token" content="([^"]+)"', self.send("GET", path)[1])
        assert found, path
        return found.group(1)


def long_export(entries: int) -> str:
    log = [{"seq": n, "kind": "move", "payload": {"seat": 0, "points": 1 if n % 2 else -1}, "device": "import"}
           for n in range(1, entries + 1)]
    return json.dumps({"format": "companion-table", "format_version": 1, "game": "tally", "version": entries,
                       "options": {}, "seats": ["Aki", "Ben"], "profile_ref": "", "profile": None, "log": log})


def test_polls_on_the_same_worker_are_answered_while_the_longest_import_runs(one_worker: str) -> None:
    phone = Browser(one_worker)
    status, _, table = phone.send("POST", "/new/tally", {"csrf_token": phone.csrf("/new/tally"),
                                                         "seat0": "Aki", "seat1": "Ben"})
    assert status == 303, status
    table = urllib.parse.urlparse(table).path

    importer = Browser(one_worker)
    body = long_export(LONGEST)
    token = importer.csrf("/import")
    answer: list[tuple[int, str, str]] = []
    running = threading.Thread(target=lambda: answer.append(
        importer.send("POST", "/import", {"csrf_token": token}, file=body)))
    polls_during = 0
    running.start()
    while running.is_alive():
        status, _, _ = phone.send("GET", f"{table}/poll?v=0")
        if running.is_alive():
            assert status in (200, 204, 286), status
            polls_during += 1
    running.join()

    assert answer[0][0] == 303, re.findall(r"<li[^>]*>(.*?)</li>", answer[0][1], re.S)[:5] or answer[0][1][-1500:]  # imported whole
    imported = urllib.parse.urlparse(answer[0][2]).path
    export = json.loads(importer.send("GET", f"{imported}/export.json")[1])
    assert len(export["log"]) == LONGEST and export["log"][-1]["seq"] == LONGEST
    # The worker went on answering the table's poll while it checked 19,900 entries (on the event loop it could
    # not answer one until the import was done).
    assert polls_during >= 10, polls_during


def test_a_refused_import_is_explained_in_the_players_language_from_the_thread(one_worker: str) -> None:
    """The check runs off the event loop with the request's context: its reasons are worded as ever."""
    guest = Browser(one_worker)
    token = guest.csrf("/import")
    body = json.loads(long_export(LONGEST))
    body["log"][200]["payload"] = {"seat": 0, "points": 200}  # over the cap of 100
    status, html, _ = guest.send("POST", "/import", {"csrf_token": token}, file=json.dumps(body))
    assert status == 422
    problems = re.findall(r"<li>(.*?)</li>", html, re.S)
    assert "Entry 201 of the exported log is refused: The total stays at or under 100 (it would be 200)." in problems, problems


def test_a_client_over_its_table_limit_is_refused_before_its_import_is_read(one_worker: str) -> None:
    guest = Browser(one_worker)
    token = guest.csrf("/import")
    short = long_export(2)
    answers = [guest.send("POST", "/import", {"csrf_token": token, "text": short})[0] for _ in range(4)]
    # The limit is 3 tables from this address; what the module's other tests started here counts too (none when
    # this test runs alone): imports are saved until the limit, then every one is refused.
    saved = answers.count(303)
    assert saved <= 3 and answers == [303] * saved + [422] * (4 - saved), answers
    # Refused whatever it sends, even a text that is not an export at all: it is not read.
    status, html, _ = guest.send("POST", "/import", {"csrf_token": token, "text": "{not json"})
    assert status == 422
    assert "This phone has started many tables in a short time" in html
    assert "cannot be read" not in html
