"""axe-core's check of the page a browser test shows, with every rule axe runs by default.

Called once per state a test reaches (a page loaded, a part swapped in, a dialog open, a
result shown): the requirement is no violation anywhere a browser test looks.
"""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe

_AXE = Axe()
_OPTIONS = {"resultTypes": ["violations"]}

# Django admin's forms.css @imports widgets.css. axe reads an imported sheet by writing a
# <style>@import …</style> of its own, which the site's policy (style-src 'self') refuses,
# a refusal that a test watching the console rightly counts; axe then goes on without the
# page's sheets all the same ("Couldn't load preload assets"). On such a page it is not
# asked to load them: of the rules, only css-orientation-lock reads them.
_IMPORTS = """() => Array.from(document.styleSheets).some((sheet) => {
  try { return Array.from(sheet.cssRules).some((rule) => rule instanceof CSSImportRule); }
  catch (e) { return false; }
})"""

# Two animation frames: what the browser had yet to do for the last change (a resize's
# handlers, a swap's settling) is done before axe looks.
_SETTLED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def _violations(page) -> tuple[int, str]:
    page.evaluate(_SETTLED)
    options = {**_OPTIONS, "preload": False} if page.evaluate(_IMPORTS) else _OPTIONS
    results = _AXE.run(page, options=options)
    return results.violations_count, results.generate_report()


# The copy of a page without JavaScript runs none of its own scripts, inline or not (axe,
# put in by the browser's driver, is no script of the page's).
_NO_SCRIPT = {"Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": "script-src 'none'"}


def assert_no_axe_violations(page, where: str, *, javascript: bool = True) -> None:
    """No axe-core violation on ``page`` as it stands; ``where`` names the state in the failure.

    ``javascript=False`` for a page of a context without JavaScript, where axe's own script
    cannot run (its timers never fire): the page's HTML as it stands is checked in a page
    of its own that runs axe and none of the site's scripts, as a visitor without
    JavaScript has it, at the same address and screen size.
    """
    if javascript:
        count, report = _violations(page)
    else:
        html, url = page.content(), page.url.split("#")[0]
        context = page.context.browser.new_context(viewport=page.viewport_size)
        try:
            copy = context.new_page()
            copy.route(lambda u: u.split("#")[0] == url, lambda r: r.fulfill(body=html, headers=_NO_SCRIPT))
            copy.goto(url)
            count, report = _violations(copy)
        finally:
            context.close()
    assert count == 0, f"{where}: {report}"
