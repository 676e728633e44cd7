"""The referee API, /api/v1 (../shared/API.md; docs/api.md): one blueprint (``routes``) for every game's calls and
the rules lookup, their shared pieces of schema (``schema``), the refusal of unknown fields (``strict``), the
OpenAPI document built from the games' routes (``openapi``) and the one shape of an error answer (``problems``)."""
