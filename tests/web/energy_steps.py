"""Steps the Energy browser tests share: a page online, a campaign button's form, a player joining
with a hero's sheet, the GM knocking a combatant out with « ajuster un combattant »."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from meneur.systems.energy import Character, dump_character

WAIT = 10_000


def online(page: Any) -> None:
    """The page's socket is connected (the status chip says so)."""
    expect(page.locator("#connection")).to_have_attribute("data-state", "online", timeout=WAIT)


def campaign_action(page: Any, label: str) -> Any:
    """The form of the enabled campaign button whose words are exactly ``label``."""
    return page.locator("form.action").filter(has=page.get_by_role("button", name=label, exact=True))


def press(page: Any, label: str, button: str | None = None) -> None:
    """Press the campaign button ``label`` (its words ``button`` when they differ) once the page is
    idle, and wait for the session's next version on this page."""
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    version = int(page.locator("#game").get_attribute("data-version") or 0)
    form = campaign_action(page, label)
    (form.get_by_role("button", name=button) if button else form.get_by_role("button")).click()
    expect(page.locator("#game")).to_have_attribute("data-version", str(version + 1), timeout=WAIT)


def choose(page: Any, form: Any, label: str, value: str) -> None:
    """Pick ``value`` in the form's field labelled ``label``, then wait for the odds the page swaps
    in (a choice made while the previous answer is on its way would be swapped away)."""
    form.get_by_label(label).select_option(value)
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    expect(form.get_by_label(label)).to_have_value(value, timeout=WAIT)


def unfold(page: Any, actor: str) -> None:
    """Open the folded group of ``actor``'s buttons (folded when the page shows more than two)."""
    group = page.locator(f"details.group[data-actor='{actor}']")
    if group.count() and group.get_attribute("open") is None:
        group.locator("summary").first.click()


def join_with_sheet(
    context: Any, link: str, name: str, hero: Character, folder: Path, english: bool = False
) -> Any:
    """A player opens the join link, sits at the table under ``name`` and imports ``hero``'s sheet;
    the page lists it as theirs."""
    sheet = folder / f"{name}.yaml"
    sheet.write_text(dump_character(hero), encoding="utf-8")
    page = context.new_page()
    page.goto(link)
    page.get_by_label("Your name" if english else "Votre nom").fill(name)
    page.locator("form button[type=submit].primary").click()
    page.get_by_label(
        "A character file (YAML or JSON)" if english else "Un fichier de personnage (YAML ou JSON)"
    ).set_input_files(str(sheet))
    page.get_by_role("button", name="Import" if english else "Importer").click()
    mine = f"{hero.name} — {'yours' if english else 'le vôtre'}"
    expect(page.locator(".characters")).to_contain_text(mine, timeout=WAIT)
    return page


def knock_out(gm: Any, name: str) -> None:
    """The GM's « ajuster un combattant » form on the fight page: Vigueur 0."""
    version = gm.locator("#fight").get_attribute("data-version")
    details = gm.locator("details", has=gm.locator("summary", has_text="Ajuster un combattant"))
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    gm.locator("#adj-target").select_option(label=name)
    gm.locator("#adj-vigor").fill("0")
    gm.locator("#adj-reason").fill("test")
    details.locator("button[type=submit]").click()
    expect(gm.locator("#fight")).not_to_have_attribute("data-version", version or "", timeout=WAIT)


def fits(page: Any) -> None:
    """The page needs no sideways scrolling and the phone did not zoom out to show it (a mobile
    browser widens its layout to content that overflows: ``innerWidth`` then exceeds the screen's)."""
    width = page.viewport_size["width"]
    shown, wide = page.evaluate("[window.innerWidth, document.documentElement.scrollWidth]")
    assert (shown, wide <= width) == (width, True), (page.url, shown, wide)
