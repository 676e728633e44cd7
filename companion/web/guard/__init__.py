"""What keeps one client from hurting the rest, before any other work: a worker's gate (``gate``: one client's
streams and requests in flight), admission under saturation (``admission``), the honest "busy, try again" and
"storage full" answers (``overload``), and the security headers, body limits, client ids and proxies
(``security``)."""
