"""The evidence folder: photographs and signatures kept as their original bytes,
named by their SHA-256, under ``DATA_DIR / "evidence"`` (which ``sanitas backup``
copies whole). A file once written is never rewritten: the same bytes have the
same name, and the file is made read-only, and readable by its owner alone (its
folders too: mode 0700)."""

from __future__ import annotations

import hashlib
import io
import os
import tempfile
from datetime import datetime
from pathlib import Path

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _
from PIL import Image, UnidentifiedImageError

from sanitas.records.keys import private_folder

#: the largest photo kept, in bytes
PHOTO_LIMIT = 15 * 1024 * 1024
#: the largest signature drawing kept, in bytes
SIGNATURE_LIMIT = 2 * 1024 * 1024

#: the image formats Pillow recognises that a phone's browser sends, and their type
CONTENT_TYPES = {
    "JPEG": "image/jpeg",
    "MPO": "image/jpeg",  # a phone's JPEG with a second picture inside
    "PNG": "image/png",
    "WEBP": "image/webp",
    "GIF": "image/gif",
}
_DATETIME_ORIGINAL = 0x9003
_OFFSET_TIME_ORIGINAL = 0x9011
_EXIF_IFD = 0x8769


class EvidenceError(ValueError):
    """A file that cannot be kept as evidence, in words for the person who sent it."""


def folder(kind: str) -> Path:
    return Path(settings.DATA_DIR) / "evidence" / kind


def path_of(kind: str, sha256: str) -> Path:
    if len(sha256) != 64 or any(c not in "0123456789abcdef" for c in sha256):
        raise EvidenceError(f"{sha256!r} is not a SHA-256")
    return folder(kind) / sha256[:2] / sha256


def store(kind: str, data: bytes) -> str:
    """Keep ``data`` under its SHA-256 (returned); the same bytes kept twice are one
    file. Written beside its place and moved there, so no half-written file is
    ever found under a name."""
    sha256 = hashlib.sha256(data).hexdigest()
    target = path_of(kind, sha256)
    if target.exists():
        return sha256
    private_folder(target.parent)
    fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=".incoming-")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, 0o400)
        os.replace(temporary, target)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
    return sha256


def read(kind: str, sha256: str) -> bytes:
    return path_of(kind, sha256).read_bytes()


def examine_image(data: bytes, *, limit: int = PHOTO_LIMIT) -> tuple[str, datetime | None]:
    """The content type of an image file, checked by Pillow (not by its name or what
    the browser claims), and when the camera took it (EXIF DateTimeOriginal, in the
    city's time zone unless the file gives its offset), or None."""
    if not data:
        raise EvidenceError(_("The file is empty."))
    if len(data) > limit:
        raise EvidenceError(
            _("The file is %(size)s MB; at most %(most)s MB is kept.")
            % {"size": f"{len(data) / 1024 / 1024:.1f}", "most": limit // 1024 // 1024}
        )
    try:
        with Image.open(io.BytesIO(data)) as image:
            kind = image.format
            image.verify()
        with Image.open(io.BytesIO(data)) as image:
            exif = image.getexif()
    except (UnidentifiedImageError, Image.DecompressionBombError, OSError, SyntaxError, ValueError):
        raise EvidenceError(_("The file is not a picture this system can read.")) from None
    if kind not in CONTENT_TYPES:
        raise EvidenceError(
            _("The picture is a %(kind)s file; send a JPEG, PNG, WebP or GIF picture.")
            % {"kind": kind}
        )
    return CONTENT_TYPES[kind], _taken_at(exif)


def _taken_at(exif: Image.Exif) -> datetime | None:
    try:
        details = exif.get_ifd(_EXIF_IFD)
    except Exception:
        return None
    written = details.get(_DATETIME_ORIGINAL) or exif.get(_DATETIME_ORIGINAL)
    if not isinstance(written, str):
        return None
    try:
        moment = datetime.strptime(written.strip("\x00 "), "%Y:%m:%d %H:%M:%S")
    except ValueError:
        return None
    offset = details.get(_OFFSET_TIME_ORIGINAL)
    if isinstance(offset, str):
        try:
            return datetime.fromisoformat(f"{moment.isoformat()}{offset.strip()}")
        except ValueError:
            pass
    return timezone.make_aware(moment, timezone.get_current_timezone())
