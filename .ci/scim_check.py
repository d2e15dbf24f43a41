"""SCIM 2.0 conformance of /scim/v2 under scim2-tester (.ci/scim.sh runs it).

Usage: scim_check.py BASE_URL TOKEN. Prints each check; exits 1 when a check fails that
is not listed in KNOWN (each with why Plantdoc answers otherwise on purpose).
"""
import sys

from httpx2 import Client
from scim2_client.engines.httpx2 import SyncSCIMClient
from scim2_tester import Status, check_server

# The checks that fail on purpose: title → (what the failure must say, why). Plantdoc keeps
# the console's rules (docs/decisions.md 116); any other failure, or this one failing for
# another reason, fails the run.
NEEDS_A_PERSON = (
    "is required",
    "the tester's smallest user has a random userName that is no e-mail and no name: "
    "Plantdoc asks an e-mail (or a badge, for an operator) and both names, as the console",
)
BADGE = (
    "Badge must be letters and digits",
    "the tester's random badge is a UUID with dashes: a badge is letters and digits "
    "(what a scanner reads), as in the console",
)
KNOWN: dict[str, tuple[str, str]] = {
    "random_url": (
        "404",
        "an unknown path under /scim/v2 answers the plant's JSON 404 (no module fallback)",
    ),
    **{
        t: NEEDS_A_PERSON
        for t in [
            "object_creation",
            "object_query",
            "object_query_without_id",
            "object_replacement",
            "object_deletion",
            "check_add_attribute",
            "check_replace_attribute",
        ]
    },
    **{
        t: BADGE
        for t in [
            "object_query_with_attributes",
            "object_list_with_attributes",
            "search_with_attributes",
            "check_remove_attribute",
        ]
    },
}


def main() -> int:
    base, token = sys.argv[1], sys.argv[2]
    http = Client(base_url=f"{base}/scim/v2", headers={"Authorization": f"Bearer {token}"}, timeout=20)
    client = SyncSCIMClient(http)
    results = check_server(client, raise_exceptions=False)
    bad = 0
    for r in results:
        title = r.title
        if r.resource_type:
            title = f"{r.resource_type}: {title}"
        word = r.status.name
        failed = r.status in (Status.ERROR, Status.CRITICAL)
        known = KNOWN.get(r.title)
        if failed and known and known[0] in str(r.reason):
            print(f"known {title}: {known[1]}")
        elif failed:
            bad += 1
            print(f"FAIL {title}: {r.reason}")
        else:
            print(f"{word.lower()} {title}")
    print(f"scim2-tester: {len(results)} checks, {bad} unexpected failures")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
