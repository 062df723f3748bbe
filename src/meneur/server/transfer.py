"""A whole table as one versioned JSON document, to back it up or move it between databases.

Members are written without secrets (no token, no join code); an import gives the table new ids,
a new GM token and a new join code (the GM then gives each member a new token). Every session is
replayed through :meth:`meneur.engine.Session.replay` before anything is written: a log that does
not replay refuses the whole import.
"""

from __future__ import annotations

import base64
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session as Db

from meneur.engine import Session
from meneur.errors import BadInputError, MeneurError
from meneur.i18n import N_, Message
from meneur.server.auth import digest, join_code_digest, new_id, new_join_code, new_token
from meneur.server.games import SNAPSHOT_EVERY, given_at, snapshot_due, snapshot_state, stored_log
from meneur.server.models import (
    Character,
    CharacterVersion,
    ChatMessage,
    CommandRow,
    EventRow,
    GameSession,
    GameTable,
    Handout,
    HandoutReader,
    Member,
    Roll,
    Snapshot,
    TableImage,
)

FORMAT = 1


def _bad(msgid: str, **params: Any) -> BadInputError:
    return BadInputError(Message("server", msgid, params))


def export_table(db: Db, table_id: str, until: float | None = None) -> dict[str, Any]:
    """The table ``table_id`` as a JSON-ready document; with ``until`` (a Unix time), each session's
    log is cut there: its commands still live that were given by then (a command taken back since
    is not in it, even if it was live then; rolls keep no time and are all there)."""
    table = db.get(GameTable, table_id)
    if table is None:
        raise _bad(N_("No table has the id {id}."), id=table_id)
    members = db.scalars(select(Member).where(Member.table_id == table_id))
    characters = []
    for character in db.scalars(select(Character).where(Character.table_id == table_id)):
        versions = db.scalars(
            select(CharacterVersion)
            .where(CharacterVersion.character_id == character.id)
            .order_by(CharacterVersion.version)
        )
        characters.append(
            {
                "id": character.id,
                "name": character.name,
                "owner": character.owner_id,
                "hidden": character.hidden,
                "versions": [v.file for v in versions],
            }
        )
    sessions = []
    for row in db.scalars(select(GameSession).where(GameSession.table_id == table_id)):
        if until is not None and row.created_at is not None and row.created_at > until:
            continue  # started after the cut
        log = stored_log(db, row.id, until=until)
        times = given_at(db, row.id)
        sessions.append(
            {
                "id": row.id,
                "kind": row.kind,
                "setup": row.setup,
                "controllers": row.controllers,
                "started_at": row.created_at,
                "log": [
                    {"command": command, "events": events, "at": times.get(version)}
                    for version, (command, events) in enumerate(log, start=1)
                ],
            }
        )
    rolls = [
        {"member": r.member_id, "visibility": r.visibility, "result": r.result, "at": r.at}
        for r in db.scalars(select(Roll).where(Roll.table_id == table_id).order_by(Roll.id))
    ]
    return {
        **_shared(db, table_id),
        "meneur": "table",
        "format": FORMAT,
        "table": {"name": table.name, "system": table.system, "options": table.options},
        "members": [
            {
                "id": m.id,
                "name": m.name,
                "role": m.role,
                "language": m.language,
                "notes": m.notes,
                "removed": m.removed,
            }
            for m in members
        ],
        "characters": characters,
        "sessions": sessions,
        "rolls": rolls,
    }


def _shared(db: Db, table_id: str) -> dict[str, Any]:
    """The table's chat, handouts and images (the images' bytes in base64)."""
    chat = [
        {"author": m.author_id, "to": m.audience, "addressee": m.addressee_id, "text": m.text, "at": m.at}
        for m in db.scalars(
            select(ChatMessage).where(ChatMessage.table_id == table_id).order_by(ChatMessage.id)
        )
    ]
    handouts = []
    for h in db.scalars(select(Handout).where(Handout.table_id == table_id).order_by(Handout.id)):
        readers = db.scalars(select(HandoutReader.member_id).where(HandoutReader.handout_id == h.id))
        handouts.append(
            {
                "author": h.author_id,
                "title": h.title,
                "text": h.text,
                "image": h.image_id,
                "readers": sorted(readers),
                "at": h.at,
            }
        )
    images = [
        {"id": i.id, "use": i.use, "data": base64.b64encode(i.data).decode("ascii")}
        for i in db.scalars(select(TableImage).where(TableImage.table_id == table_id).order_by(TableImage.id))
    ]
    return {"chat": chat, "handouts": handouts, "images": images}


def _import_shared(db: Db, table_id: str, data: dict[str, Any], ids: dict[str, str]) -> None:
    """The file's images (each checked as an upload is), chat and handouts, with the new members' ids
    (what a member no longer in the file wrote or read is left out)."""
    from meneur.server.services import images as image_service

    image_ids: dict[str, str] = {}
    for image in data.get("images", []):
        try:
            raw = base64.b64decode(str(image["data"]), validate=True)
        except ValueError:
            raise _bad(N_("An image of the table file is not valid base64.")) from None
        image_ids[str(image["id"])] = image_service.add(db, table_id, str(image["use"])[:20], raw)
    for message in data.get("chat", []):
        author = ids.get(message["author"])
        to = str(message["to"])
        addressee = ids.get(message["addressee"]) if message.get("addressee") else None
        if author is None or to not in ("all", "gm", "member") or (to == "member" and addressee is None):
            continue
        db.add(
            ChatMessage(
                table_id=table_id,
                author_id=author,
                audience=to,
                addressee_id=addressee if to == "member" else None,
                text=str(message["text"])[:2000],
                at=str(message["at"])[:32],
            )
        )
    for item in data.get("handouts", []):
        author = ids.get(item["author"])
        if author is None:
            continue
        row = Handout(
            table_id=table_id,
            author_id=author,
            title=str(item["title"])[:200],
            text=str(item.get("text") or "")[:10_000],
            image_id=image_ids.get(str(item.get("image"))) if item.get("image") else None,
            at=str(item["at"])[:32],
        )
        db.add(row)
        db.flush()
        for reader in {ids[r] for r in item.get("readers", []) if r in ids}:
            db.add(HandoutReader(handout_id=row.id, member_id=reader))


def _check(data: Any) -> None:
    if not isinstance(data, dict) or data.get("meneur") != "table":
        raise _bad(N_("This is not a table exported by meneur."))
    if data.get("format") != FORMAT:
        raise _bad(
            N_("This table file has format {found}; this meneur reads format {format}."),
            found=data.get("format"),
            format=FORMAT,
        )


def import_table(db: Db, data: Any, snapshot_every: int = SNAPSHOT_EVERY) -> dict[str, Any]:
    """Write the exported table ``data`` as a new table; returns its id, GM token and join code
    (with a snapshot of each session's state every ``snapshot_every`` commands, as play stores them).

    Raises:
        BadInputError: the document is not a table export, or a session's log does not replay.
    """
    _check(data)
    try:
        return _import(db, data, snapshot_every)
    except MeneurError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise _bad(
            N_("The table file is incomplete or malformed ({detail})."), detail=repr(error)[:200]
        ) from None


def _options(system: str, options: dict[str, Any]) -> dict[str, Any]:
    """The table's options as the file gives them, each checked as the options page checks it."""
    from meneur.server import table_options

    found, problems = table_options.checked(system, dict(options))
    if problems:
        key, problem = next(iter(problems.items()))
        raise _bad(N_("The table's option '{key}': {problem}"), key=key, problem=problem)
    return table_options.merged({}, found)


def _import(db: Db, data: dict[str, Any], snapshot_every: int) -> dict[str, Any]:
    replayed = _replayed(data["sessions"])
    table_id, token, code = new_id(), new_token(), new_join_code()
    info = data["table"]
    db.add(
        GameTable(
            id=table_id,
            name=str(info["name"])[:200],
            system=str(info["system"]),
            options=_options(str(info["system"]), info.get("options") or {}),
            join_code_hash=join_code_digest(code),
            join_code=code,
            seq=0,
        )
    )
    db.flush()
    ids = _members(db, table_id, data["members"], token)
    _characters(db, table_id, data["characters"], ids)
    for item, session in replayed:
        _session(db, table_id, item, session, ids, snapshot_every)
    for roll in data["rolls"]:
        member = ids.get(roll["member"])
        if member is not None:
            db.add(
                Roll(
                    table_id=table_id,
                    member_id=member,
                    visibility=str(roll["visibility"]),
                    result=roll["result"],
                    at=_time(roll.get("at")),
                )
            )
    _import_shared(db, table_id, data, ids)
    return {"id": table_id, "gm_token": token, "join_code": code}


def _replayed(sessions: list[dict[str, Any]]) -> list[tuple[dict[str, Any], Session[Any, Any, Any]]]:
    """Each session of the file with its replay (before anything is written: one that does not
    replay refuses the whole file)."""
    from meneur.server.api.sessions import reads_files

    replayed = []
    for number, item in enumerate(sessions, start=1):
        log = [(entry["command"], list(entry["events"])) for entry in item["log"]]
        problem = reads_files(item["kind"], item["setup"])
        if problem is not None:
            raise _bad(
                N_("Session {number} ({kind}): {reason}"), number=number, kind=item["kind"], reason=problem
            )
        try:
            session = Session.replay(item["kind"], item["setup"], log)
        except MeneurError as error:
            raise _bad(
                N_("Session {number} ({kind}) does not replay: {reason}"),
                number=number,
                kind=item["kind"],
                reason=error.message,
            ) from None
        replayed.append((item, session))
    return replayed


def _members(db: Db, table_id: str, members: list[dict[str, Any]], token: str) -> dict[str, str]:
    """The members, under new ids (the file's id -> the new one); the first GM gets ``token``."""
    ids: dict[str, str] = {}
    gm_id = None
    for member in members:
        ids[member["id"]] = new_id()
        is_gm = member["role"] == "gm" and gm_id is None and not member.get("removed")
        if is_gm:
            gm_id = ids[member["id"]]
        db.add(
            Member(
                id=ids[member["id"]],
                table_id=table_id,
                name=str(member["name"])[:200],
                role=str(member["role"]),
                language=member.get("language"),
                notes=member.get("notes", ""),
                removed=bool(member.get("removed")),
                token_hash=digest(token) if is_gm else None,
            )
        )
    if gm_id is None:
        raise _bad(N_("The table file has no GM."))
    db.flush()
    return ids


def _characters(db: Db, table_id: str, characters: list[dict[str, Any]], ids: dict[str, str]) -> None:
    """The characters with every version of their file, owned by the members' new ids."""
    for character in characters:
        character_id = new_id()
        versions = list(character["versions"])
        db.add(
            Character(
                id=character_id,
                table_id=table_id,
                owner_id=ids.get(character["owner"] or ""),
                name=str(character["name"])[:200],
                hidden=bool(character["hidden"]),
                version=len(versions),
            )
        )
        db.flush()
        for number, file in enumerate(versions, start=1):
            db.add(CharacterVersion(character_id=character_id, version=number, file=file))


def _time(value: Any) -> float | None:
    """A time of the file (a Unix time), ``None`` when it has none."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _bad(N_("A time of the table file is not a number: {value}."), value=repr(value)[:40])
    return float(value)


def _session(
    db: Db,
    table_id: str,
    item: dict[str, Any],
    session: Session[Any, Any, Any],
    ids: dict[str, str],
    snapshot_every: int,
) -> None:
    """One replayed session: its commands, events and snapshots as play stores them."""
    session_id = new_id()
    entries = session.log_json()
    typed = session.entries()
    controllers = item.get("controllers") or {}
    db.add(
        GameSession(
            id=session_id,
            table_id=table_id,
            kind=item["kind"],
            setup=item["setup"],
            controllers={actor: ids[owner] for actor, owner in controllers.items() if owner in ids},
            version=len(entries),
            event_count=sum(len(e["events"]) for e in entries),
            created_at=_time(item.get("started_at")),
        )
    )
    db.flush()
    position = 0
    for version, entry in enumerate(entries, start=1):
        given = item["log"][version - 1].get("at") if version <= len(item["log"]) else None
        command = CommandRow(
            session_id=session_id, version=version, command=entry["command"], undone=False, at=_time(given)
        )
        db.add(command)
        db.flush()
        for event in entry["events"]:
            position += 1
            db.add(EventRow(session_id=session_id, command_id=command.id, position=position, event=event))
        if snapshot_due(version, snapshot_every):
            after = typed[version].before if version < len(typed) else session.state
            state = snapshot_state(session.system, after)
            if state is not None:
                db.add(
                    Snapshot(
                        session_id=session_id,
                        command_id=command.id,
                        version=version,
                        format=session.system.format,
                        state=state,
                    )
                )
