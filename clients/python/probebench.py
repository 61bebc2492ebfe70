"""A small Python client of the probebench HTTP API, standard library only (Python 3.8+).

    from probebench import Client
    pb = Client("https://probebench.example.org", token="pb_...")  # or PROBEBENCH_URL / PROBEBENCH_TOKEN
    created = pb.submit("findings.json", cost_usd=12.5)
    final = pb.wait(created["id"])
    board = pb.leaderboard(benchmark="probe@2026.1")          # the JSON answer, as dicts
    rows = pb.leaderboard_rows(benchmark="probe@2026.1")      # the CSV, as a list of dicts
    import pandas as pd; df = pd.read_csv(pb.csv("leaderboard", benchmark="probe@2026.1"))

Without a URL or token it uses what `probebench login` stored ($XDG_CONFIG_HOME/probebench/hosts.json), as the CLI
does. Errors raise ProbebenchError with the server's message, every bad field (`issues`) and, after a rate limit,
`retry_after` seconds. docs/api.md describes the routes.
"""

import csv
import io
import json
import os
import re
import time
import urllib.error
import urllib.parse
import urllib.request

__all__ = ["Client", "ProbebenchError"]

DEFAULT_URL = "http://localhost:3000"
SARIF_CONTENT_TYPE = "application/sarif+json"


class ProbebenchError(Exception):
    """A refused or failed request: `status` is the HTTP status (0 when the server could not be reached)."""

    def __init__(self, status, message, issues=None, retry_after=None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.issues = issues or []
        self.retry_after = retry_after

    def __str__(self):
        lines = [self.message] + ["  %s: %s" % (i.get("path"), i.get("message")) for i in self.issues[:20]]
        return "\n".join(lines)


def _config_dir():
    base = os.environ.get("XDG_CONFIG_HOME", "").strip() or os.path.join(os.path.expanduser("~"), ".config")
    return os.path.join(base, "probebench")


def _stored_logins():
    try:
        with open(os.path.join(_config_dir(), "hosts.json"), encoding="utf-8") as f:
            data = json.load(f)
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def normalise_url(url):
    """The server's base URL: http(s), no trailing slash, no /api or /api/v1 suffix (the client adds /api/v1)."""
    parts = urllib.parse.urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError("not an http(s) URL: %r" % url)
    path = re.sub(r"/api(/v1)?$", "", parts.path.rstrip("/"))
    return "%s://%s%s" % (parts.scheme, parts.netloc, path)


def _looks_like_sarif(text):
    head = text[:4096]
    return '"runs"' in head and re.search(r'"version"\s*:\s*"2\.1\.0"', head) is not None


class Client:
    """One server and, optionally, one API token."""

    def __init__(self, url=None, token=None, timeout=60):
        logins = _stored_logins()
        given = url or os.environ.get("PROBEBENCH_URL") or logins.get("default_url") or DEFAULT_URL
        self.url = normalise_url(given)
        stored = (logins.get("hosts") or {}).get(self.url) or {}
        self.token = token or os.environ.get("PROBEBENCH_TOKEN") or stored.get("token")
        self.timeout = timeout

    # ---- transport

    def _request(self, method, path, query=None, body=None, content_type="application/json", accept=None):
        pairs = [(k, _query_value(v)) for k, v in (query or {}).items() if v is not None]
        url = self.url + path + ("?" + urllib.parse.urlencode(pairs) if pairs else "")
        headers = {"accept": accept or "application/json", "user-agent": "probebench-python"}
        if self.token:
            headers["authorization"] = "Bearer " + self.token
        data = None
        if body is not None:
            data = body.encode("utf-8") if isinstance(body, str) else json.dumps(body).encode("utf-8")
            headers["content-type"] = content_type
        request = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return response.read().decode("utf-8")
        except urllib.error.HTTPError as error:
            raise _error_from(error.code, error.read().decode("utf-8", "replace"), error.headers.get("retry-after"))
        except (urllib.error.URLError, OSError) as error:
            raise ProbebenchError(0, "Cannot reach the probebench server at %s: %s" % (self.url, error))

    def _json(self, method, path, **kwargs):
        text = self._request(method, path, **kwargs)
        return json.loads(text) if text else None

    # ---- submissions

    def submit(self, file, **options):
        """Uploads a findings file or a SARIF log (a path, or the file's text); returns the created submission.

        A findings file names its own benchmark and model; the labels given here replace the file's. A SARIF log needs
        `benchmark` (slug@version) and takes the labels in the query. The options are `_upload`'s.
        """
        return self._upload("/api/v1/submissions", file, **options)

    def validate(self, file, **options):
        """The server's dry run of `submit` with the same arguments: every check, the same errors, nothing stored.

        Returns what would be stored (`findings`, `runs`, `repositories`, `known_paths`, `warnings`, ...).
        """
        return self._upload("/api/v1/submissions/validate", file, **options)

    def _upload(
        self,
        path,
        file,
        benchmark=None,
        model=None,
        harness=None,
        repo=None,
        source_root=None,
        reasoning_effort=None,
        cost_usd=None,
        report_url=None,
        open_model=None,
        organisation=None,
        model_licence=None,
        parameter_count=None,
        allow_duplicate=False,
        allow_unknown_paths=False,
    ):
        if isinstance(file, os.PathLike) or (len(file) < 4096 and os.path.isfile(file)):
            name = os.fspath(file)
            with open(name, encoding="utf-8") as f:
                text = f.read()
        else:
            name, text = "", str(file)
        labels = {
            "reasoning_effort": reasoning_effort,
            "cost_usd": cost_usd,
            "report_url": report_url,
            "open_model": open_model,
            "organisation": organisation,
            "model_licence": model_licence,
            "parameter_count": parameter_count,
        }
        query = {
            "allow_duplicate": bool(allow_duplicate),
            "allow_unknown_paths": True if allow_unknown_paths else None,
        }
        if re.search(r"\.sarif(\.json)?$", name, re.I) or _looks_like_sarif(text):
            query.update(benchmark=benchmark, model=model, harness=harness, repo=repo, source_root=source_root)
            query.update(labels)
            return self._json("POST", path, query=query, body=text, content_type=SARIF_CONTENT_TYPE)
        given = {k: v for k, v in labels.items() if v is not None}
        if given:
            document = json.loads(text)
            document.update(given)
            text = json.dumps(document)
        return self._json("POST", path, query=query, body=text)

    def status(self, submission_id):
        """A submission's status, and its scores once scored."""
        return self._json("GET", "/api/v1/submissions/" + urllib.parse.quote(submission_id, safe=""))

    def wait(self, submission_id, poll_seconds=1.0, timeout_seconds=None):
        """Polls until the submission is scored, failed or withdrawn; returns its final status."""
        deadline = None if timeout_seconds is None else time.monotonic() + timeout_seconds
        while True:
            status = self.status(submission_id)
            if status["status"] in ("scored", "failed", "withdrawn"):
                return status
            if deadline is not None and time.monotonic() > deadline:
                raise TimeoutError("submission %s is still %s" % (submission_id, status["status"]))
            time.sleep(poll_seconds)

    def findings(self, submission_id):
        """A submission's findings with its metadata and licence (approved entries are public)."""
        return self._json("GET", "/api/v1/submissions/%s/findings" % urllib.parse.quote(submission_id, safe=""))

    def rank_history(self, submission_id):
        """A public entry's rank by date: {"points": [{"date", "rank", "ranked"}, ...], ...}."""
        return self._json("GET", "/api/v1/submissions/%s/rank-history" % urllib.parse.quote(submission_id, safe=""))

    def my_submissions(self, page=1, per_page=50):
        """The caller's own submissions and upload quota."""
        return self._json("GET", "/api/v1/submissions", query={"page": page, "per_page": per_page})

    # ---- public data

    def benchmarks(self):
        return self._json("GET", "/api/v1/benchmarks")

    def leaderboard(self, benchmark=None, **filters):
        """The leaderboard as JSON (dicts); filters as the API's query (repos="a/b,c/d", as_of="2026-01-31", ...)."""
        return self._json("GET", "/api/v1/leaderboard", query=dict(filters, benchmark=benchmark))

    def csv(self, resource, **query):
        """A CSV download (`leaderboard`, `repositories`, `validity`, ...) as a text stream: pandas.read_csv(it)."""
        path = "/api/v1/%s.csv" % resource.strip("/")
        return io.StringIO(self._request("GET", path, query=query, accept="text/csv"))

    def leaderboard_rows(self, benchmark=None, **filters):
        """The leaderboard's CSV as a list of dicts (strings), for scripts without pandas."""
        return list(csv.DictReader(self.csv("leaderboard", benchmark=benchmark, **filters)))


def _query_value(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _error_from(status, text, retry_after):
    message, issues = "The server answered %d." % status, []
    try:
        error = json.loads(text).get("error") or {}
        message = error.get("message") or message
        issues = error.get("issues") or []
    except (ValueError, AttributeError):
        pass
    wait = None
    try:
        wait = float(retry_after) if retry_after is not None else None
    except ValueError:
        pass
    return ProbebenchError(status, message, issues, wait)
