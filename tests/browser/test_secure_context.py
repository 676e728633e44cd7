"""What a phone at a real table sees: it reaches the computer by a name on the Wi-Fi, not by 127.0.0.1 (which browsers
treat as secure). Chromium is told to find "table.test" at 127.0.0.1 (--host-resolver-rules), so its pages are what a
phone's are: over plain http not a secure context (no Screen Wake Lock, no clipboard API), over https (make run
HTTPS=1: gunicorn serves both) a secure one. The https certificate is the instance's own (companion/server/
certificates.py, made for table.test); this browser takes it without the phone's one-time trust (ignore_https_errors),
which tests/web/test_https_serving.py checks against the authority."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from cryptography import x509
from playwright.sync_api import Browser, Page, expect

from companion.server.certificates import fingerprint
from tests.browser.fixtures import CHROMIUM, PHONE, WAIT_MS, arrived, authority_of, https_of, serve, shot
from tests.browser.test_axe import AXE, RUN_AXE

pytestmark = pytest.mark.browser

NAME = "table.test"
SMALL = {"width": 360, "height": 740}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "tests.browser.serve:app", https_names=(NAME,))


@pytest.fixture(scope="module")
def table_browser() -> Iterator[Browser]:
    """A Chromium that finds table.test at 127.0.0.1, as a phone finds the computer on the Wi-Fi."""
    from playwright.sync_api import sync_playwright

    expect.set_options(timeout=WAIT_MS)
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  f"--host-resolver-rules=MAP {NAME} 127.0.0.1"],
        )
        yield browser
        browser.close()


@pytest.fixture
def new_table_phone(table_browser: Browser) -> Iterator:  # type: ignore[type-arg]
    contexts = []

    def make(lang: str = "en-US", viewport: dict[str, int] | None = None, bypass_csp: bool = False) -> Page:
        options = {**PHONE, **({"viewport": viewport} if viewport else {})}
        context = table_browser.new_context(locale=lang, ignore_https_errors=True, bypass_csp=bypass_csp,  # type: ignore[arg-type]
                                            **options)
        context.grant_permissions(["clipboard-read", "clipboard-write"])  # granted where the page is secure
        context.set_default_timeout(WAIT_MS)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def no_horizontal_scroll(page: Page) -> None:
    width, screen = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= screen, f"page is {width}px wide on a {screen}px screen"


def by_name(base: str) -> str:
    return base.replace("127.0.0.1", NAME)


def start_table(page: Page, base: str) -> str:
    page.goto(base + "/new/tally")
    page.fill("input[name=seat0]", "Aki")
    page.fill("input[name=seat1]", "Ben")
    page.click("button[type=submit].primary")
    arrived(page, re.compile(r"/t/[A-Za-z0-9_-]{24}(\?at=\d+)?(#answer)?$"))
    return re.sub(r"[?#].*$", "", page.url)


def copy_play_link(page: Page) -> None:
    page.click("#table-menu > summary")
    page.click("#share > summary")
    page.click('[data-copy="#play-link"]')


def test_over_plain_http_the_phone_is_told_why_the_screen_may_go_dark_and_what_to_do(new_table_phone, server) -> None:  # type: ignore[no-untyped-def]
    page = new_table_phone()
    url = start_table(page, by_name(server))
    assert url.startswith(f"http://{NAME}:")
    assert page.evaluate("[window.isSecureContext, 'wakeLock' in navigator]") == [False, False]
    # no toggle that would do nothing: one line saying why, what to do, and where the secure address is
    expect(page.locator(".wake-toggle")).to_be_hidden()
    note = page.locator('.wake-note[data-when="insecure"]')
    expect(note).to_be_visible()
    expect(note).to_contain_text("Keeping the screen on needs https here: set a longer screen timeout meanwhile.")
    secure = https_of(server).replace("127.0.0.1", NAME)
    expect(note.get_by_role("link", name="Open over https")).to_have_attribute(
        "href", re.compile("^" + re.escape(secure) + r"/t/[A-Za-z0-9_-]{24}"))
    expect(note.get_by_role("link", name="How")).to_have_attribute("href", "/trust#without-https")
    shot(page, "secure-context-http-en")
    # Copy either copies (the older copy command) or says to copy by hand, with the link selected: never silent
    copy_play_link(page)
    expect(page.locator("#share .copy-said").first).to_have_text(
        re.compile(r"^(Copied\.|Selected: copy it by hand \(touch and hold, then Copy\)\.)$"))
    assert page.evaluate("document.activeElement.id") == "play-link"
    # a browser whose copy command does nothing here: the link is selected and the player told to copy it by hand
    page.evaluate("document.execCommand = () => false")
    page.click('[data-copy="#watch-link"]')
    expect(page.locator("#share .copy-said").last).to_have_text(
        "Selected: copy it by hand (touch and hold, then Copy).")
    assert page.evaluate("[document.activeElement.id, getSelection().toString() || "
                         "document.activeElement.value.slice(document.activeElement.selectionStart, "
                         "document.activeElement.selectionEnd)]") == ["watch-link", page.input_value("#watch-link")]
    no_horizontal_scroll(page)
    shot(page, "secure-context-http-copy-en")


def test_over_https_the_phone_gets_the_screen_on_toggle(new_table_phone, server) -> None:  # type: ignore[no-untyped-def]
    page = new_table_phone()
    url = start_table(page, https_of(server).replace("127.0.0.1", NAME))
    assert url.startswith(f"https://{NAME}:")
    assert page.evaluate("[window.isSecureContext, 'wakeLock' in navigator]") == [True, True]
    toggle = page.locator(".wake-toggle")
    expect(toggle).to_have_text("Keep the screen on")
    expect(page.locator(".wake-note").first).to_be_hidden()
    expect(page.locator(".wake-note").last).to_be_hidden()
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(toggle).to_have_text("Screen stays on")
    # the table's own links are the secure ones, and Copy uses the clipboard
    expect(page.locator("#play-link")).to_have_value(url)
    copy_play_link(page)
    expect(page.locator("#share .copy-said").first).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == url
    shot(page, "secure-context-https-en")


def test_a_secure_page_in_a_browser_without_wake_lock_says_so_too(new_table_phone, server) -> None:  # type: ignore[no-untyped-def]
    page = new_table_phone()
    page.add_init_script("delete Navigator.prototype.wakeLock")  # an older browser (Safari before 16.4)
    start_table(page, https_of(server).replace("127.0.0.1", NAME))
    expect(page.locator(".wake-toggle")).to_be_hidden()
    expect(page.locator('.wake-note[data-when="insecure"]')).to_be_hidden()
    expect(page.locator('.wake-note[data-when="unsupported"]')).to_have_text(
        "This browser cannot keep the screen on: set a longer screen timeout meanwhile. How")


@pytest.mark.parametrize("lang", ["en-US", "ja-JP"])
@pytest.mark.parametrize("viewport", [None, SMALL], ids=["390", "360"])
def test_the_trust_page_gives_a_phone_the_certificate_and_the_steps(new_table_phone, server, lang, viewport) -> None:  # type: ignore[no-untyped-def]
    page = new_table_phone(lang, viewport)
    page.goto(by_name(server) + "/")
    home_link = page.locator('a[href="/trust"]')
    expect(home_link).to_be_visible()  # this server serves https: the home page leads there
    home_link.click()
    arrived(page, by_name(server) + "/trust")
    # the code leads phones to this page on plain http (no warning before the phone trusts this computer)
    expect(page.locator(".trust-url code")).to_have_text(by_name(server) + "/trust")
    expect(page.locator("img.qr")).to_have_js_property("complete", True)
    assert page.evaluate("document.querySelector('img.qr').naturalWidth") > 0
    kind, body = page.evaluate("""async () => {
        const answer = await fetch(document.querySelector('#download a.button').href);
        return [answer.headers.get('Content-Type'), Array.from(new Uint8Array(await answer.arrayBuffer()))];
    }""")
    assert kind == "application/x-x509-ca-cert"  # what Safari offers to install as a profile, Android's installer takes
    der = bytes(body)
    assert x509.load_der_x509_certificate(der) == x509.load_pem_x509_certificate(authority_of(server).read_bytes())
    expect(page.locator(".fingerprint code")).to_have_text(fingerprint(der))
    expect(page.locator("#android li")).to_have_count(4)
    expect(page.locator("#iphone li")).to_have_count(3)
    expect(page.locator("#open-secure a.button")).to_have_attribute(
        "href", https_of(server).replace("127.0.0.1", NAME) + "/")
    expect(page.locator("#screen-timeout")).to_be_visible()
    no_horizontal_scroll(page)
    size = "360" if viewport else "390"
    shot(page, f"trust-{lang[:2]}-{size}")


@pytest.mark.parametrize("lang", ["en-US", "ja-JP"])
@pytest.mark.parametrize("viewport", [None, SMALL], ids=["390", "360"])
def test_the_table_page_on_plain_http_as_a_phone_sees_it(new_table_phone, server, lang, viewport) -> None:  # type: ignore[no-untyped-def]
    """The pictures to look at, in both languages at both phone sizes (the words are checked above in English)."""
    page = new_table_phone(lang, viewport)
    start_table(page, by_name(server))
    expect(page.locator('.wake-note[data-when="insecure"]')).to_be_visible()
    expect(page.locator(".wake-toggle")).to_be_hidden()
    no_horizontal_scroll(page)
    size = "360" if viewport else "390"
    shot(page, f"secure-context-http-{lang[:2]}-{size}")
    copy_play_link(page)
    expect(page.locator("#share .copy-said").first).not_to_be_empty()
    shot(page, f"secure-context-http-share-{lang[:2]}-{size}")


@pytest.mark.parametrize("lang", ["en-US", "ja-JP"])
def test_no_serious_accessibility_fault_on_what_a_phone_sees_on_plain_http(new_table_phone, server, lang) -> None:  # type: ignore[no-untyped-def]
    """axe-core (as tests/browser/test_axe.py runs it) over the table page with its line about the screen, and the
    trust page with its steps."""
    page = new_table_phone(lang, bypass_csp=True)  # the CSP would refuse axe's injected script
    start_table(page, by_name(server))
    expect(page.locator('.wake-note[data-when="insecure"]')).to_be_visible()
    faults = []
    for name in ("table", "trust"):
        if name == "trust":
            page.goto(by_name(server) + "/trust")
            page.wait_for_load_state("load")
        page.add_script_tag(path=str(AXE))
        faults += [(name, v["id"], v["nodes"]) for v in page.evaluate(RUN_AXE) if v["impact"] in ("serious", "critical")]
    assert faults == []
