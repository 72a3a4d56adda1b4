"""Check what was built: one sdist and one limited-API wheel, both with the license.

Usage: python tools/check_dist.py DIST_DIR

DIST_DIR holds the sdist and the wheel built from it. The wheel must carry the
compiled extension built for the limited API (``_native.abi3.so``), the type
stubs and ``py.typed``, and be tagged for the stable ABI of the oldest CPython
that the sdist's Requires-Python admits (``cp310-abi3`` for ``>=3.10``), so
that one file installs on every CPython the metadata promises. The wheel must
carry the table's pages (every file under ``src/badugi/web/static``), which
``badugi serve`` serves. Both must ship the repository's LICENSE and name it
in their metadata.
"""

from __future__ import annotations

import email.message
import email.parser
import re
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import NoReturn

ROOT = Path(__file__).resolve().parent.parent
EXTENSION = "badugi/_native.abi3.so"
STATIC = ROOT / "src" / "badugi" / "web" / "static"


def fail(message: str) -> NoReturn:
    print(f"check_dist: {message}", file=sys.stderr)
    raise SystemExit(1)


def one(dist: Path, pattern: str) -> Path:
    found = sorted(dist.glob(pattern))
    if len(found) != 1:
        fail(f"expected one {pattern} in {dist}, found {[p.name for p in found]}")
    return found[0]


def parse_metadata(text: str) -> email.message.Message:
    return email.parser.Parser().parsestr(text)


def check_license(where: str, text: str, metadata: email.message.Message, license_text: str) -> None:
    if text != license_text:
        fail(f"the LICENSE in {where} differs from the repository's")
    if metadata.get_all("License-File") != ["LICENSE"] or metadata["License-Expression"] != "MIT":
        fail(
            f"the metadata of {where} names license {metadata['License-Expression']!r}, files "
            f"{metadata.get_all('License-File')}"
        )


def limited_api_tag(requires_python: str) -> str:
    """cp310 for '>=3.10': the oldest CPython promised."""
    oldest = re.fullmatch(r">=\s*3\.(\d+)", requires_python)
    if oldest is None:
        fail(f"cannot read the oldest Python from Requires-Python {requires_python!r}")
    return f"cp3{oldest[1]}"


def read_sdist(sdist: Path, license_text: str) -> email.message.Message:
    base = sdist.name.removesuffix(".tar.gz")
    with tarfile.open(sdist) as tar:
        members = {}
        for name in ("PKG-INFO", "LICENSE"):
            member = tar.extractfile(f"{base}/{name}") if f"{base}/{name}" in tar.getnames() else None
            if member is None:
                fail(f"{name} missing from {sdist.name}")
            members[name] = member.read().decode()
    metadata = parse_metadata(members["PKG-INFO"])
    check_license(sdist.name, members["LICENSE"], metadata, license_text)
    print(f"sdist {sdist.name}: holds LICENSE, named in PKG-INFO")
    return metadata


def check_wheel(wheel: Path, sdist_metadata: email.message.Message, license_text: str) -> None:
    base = f"{sdist_metadata['Name']}-{sdist_metadata['Version']}"
    tag = limited_api_tag(sdist_metadata["Requires-Python"])
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        for want in ("badugi/py.typed", "badugi/_native.pyi", "badugi/__init__.py", EXTENSION):
            if want not in names:
                fail(f"{want} missing from {wheel.name}")
        page = sorted(p.relative_to(STATIC).as_posix() for p in STATIC.rglob("*") if p.is_file())
        if not page:
            fail(f"no page files found in {STATIC}")
        for name in page:  # every file of the pages, the table's modules in static/table/ among them
            want = f"badugi/web/static/{name}"
            if want not in names:
                fail(f"{want} (the table's page) missing from {wheel.name}")
            if zf.read(want) != (STATIC / name).read_bytes():
                fail(f"{want} in {wheel.name} differs from the repository's")
        extensions = sorted(n for n in names if n.endswith((".so", ".pyd")))
        if extensions != [EXTENSION]:
            fail(f"{wheel.name} holds extensions {extensions}, expected only {EXTENSION}")
        license_name = f"{base}.dist-info/licenses/LICENSE"
        if license_name not in names:
            fail(f"{license_name} missing from {wheel.name}")
        metadata = parse_metadata(zf.read(f"{base}.dist-info/METADATA").decode())
        check_license(wheel.name, zf.read(license_name).decode(), metadata, license_text)
        wheel_info = parse_metadata(zf.read(f"{base}.dist-info/WHEEL").decode())
    tags = wheel_info.get_all("Tag") or []
    if len(tags) != 1 or not tags[0].startswith(f"{tag}-abi3-"):
        fail(f"{wheel.name} is tagged {tags}, expected one {tag}-abi3-<platform> tag")
    if not wheel.name.startswith(f"{base}-{tag}-abi3-"):
        fail(f"{wheel.name} is not named for its tag {tags[0]}")
    print(f"wheel {wheel.name}: tagged {tags[0]}; holds {EXTENSION}, py.typed, stubs, the page, LICENSE")


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    dist = Path(argv[0])
    license_text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    sdist_metadata = read_sdist(one(dist, "*.tar.gz"), license_text)
    wheel = one(dist, "*.whl")
    check_wheel(wheel, sdist_metadata, license_text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
