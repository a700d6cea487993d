"""Gazette PDFs import to the same laws as their text copies; a PDF without a text layer is refused.

The PDFs in tests/fixtures/pdf/ were printed by headless Chromium from the seed texts, laid out
like the Gazette (tests/fixtures/pdf/make_pdfs.py): a two-line running header on every page, page
numbers, clauses broken across pages. The browser test prints them afresh and checks the same.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib.util
import shutil
import zlib
from pathlib import Path

import pytest

from lawhistory.core.errors import ImportFailed
from lawhistory.core.model import Law
from lawhistory.files.textformat import parse, render
from lawhistory.reading.importers import Imported, ImportOptions, read_source
from lawhistory.reading.importers.pdf import pdf_text
from tests.conftest import KELLERBERRIN, ROOT, SEEDS, make_repo

PDFS = ROOT / "tests" / "fixtures" / "pdf"
CASES = [
    ("004_34274a89b0432fb1.txt", "004-kellerberrin-gazette.pdf"),
    ("000_c02ce5ed28c02fbc.txt", "000-excerpt-gazette.pdf"),
]
EXCERPT = ImportOptions(title="Excerpt Local Law", local_government="Shire of Example")


def _without_source(law: Law) -> str:
    return render(dataclasses.replace(law, meta=dataclasses.replace(law.meta, source=None)))


@functools.cache
def _read(path: Path) -> Imported:
    """Reading a 20-page PDF takes seconds: each file is read once per test run."""
    return read_source(path.read_bytes(), EXCERPT, path.name)


def _assert_same_laws(seed: str, pdf: Path) -> None:
    from_text = _read(SEEDS / seed)
    from_pdf = _read(pdf)
    assert [law.meta.id for law in from_pdf.laws] == [law.meta.id for law in from_text.laws]
    for a, b in zip(from_text.laws, from_pdf.laws, strict=True):
        assert _without_source(b) == _without_source(a)


@pytest.mark.parametrize(("seed", "pdf"), CASES)
def test_a_gazette_pdf_gives_the_same_laws_as_its_text(seed: str, pdf: str) -> None:
    _assert_same_laws(seed, PDFS / pdf)


def test_the_pdf_keeps_page_numbers_and_the_gazette_date_from_its_running_headers() -> None:
    imported = _read(PDFS / "004-kellerberrin-gazette.pdf")
    law = next(law for law in imported.laws if law.meta.id == KELLERBERRIN)
    assert law.meta.gazette.pages == "419-437"
    assert str(law.meta.gazette.date) == "2020-02-26"
    assert law.meta.gazette.number == "28"
    assert str(law.meta.commencement.date) == "2020-03-11"
    text = pdf_text((PDFS / "004-kellerberrin-gazette.pdf").read_bytes(), "gazette.pdf")
    # Both header forms come back as the one-line headers of a text copy (odd and even pages).
    assert "26 February 2020 GOVERNMENT GAZETTE, WA 425" in text
    assert "424 GOVERNMENT GAZETTE, WA 26 February 2020" in text


def test_import_of_a_gazette_pdf_writes_the_same_law_file_as_the_text(tmp_path: Path, cli) -> None:
    repo = make_repo(tmp_path, laws=False)
    shutil.copy(PDFS / "004-kellerberrin-gazette.pdf", tmp_path / "gazette.pdf")
    result = cli("import", tmp_path / "gazette.pdf", "--repo", repo)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.split() == [KELLERBERRIN]
    written = parse((repo / "laws" / f"{KELLERBERRIN}.txt").read_text(encoding="utf-8"))
    committed = parse((ROOT / "laws" / f"{KELLERBERRIN}.txt").read_text(encoding="utf-8"))
    assert written.meta.source == "gazette-pdf: gazette.pdf"
    assert _without_source(written) == _without_source(committed)


def test_amend_reads_a_gazette_pdf(tmp_path: Path, cli) -> None:
    repo = make_repo(tmp_path, laws=False)
    shutil.copy(PDFS / "004-kellerberrin-gazette.pdf", tmp_path / "gazette.pdf")
    result = cli("amend", tmp_path / "gazette.pdf", "--repo", repo)
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in (repo / "amendments" / "gosnells").iterdir()) == [
        "local-government-property-amendment-local-law-2020.txt",
        "standing-orders-amendment-local-law-2020.txt",
    ]


def _image_only_pdf() -> bytes:
    """A one-page PDF holding only a picture (like a scan): no text layer at all."""
    pixels = zlib.compress(b"\x00\xff\x00\xff" * 16)
    content = b"q 200 0 0 100 50 600 cm /Im1 Do Q"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Type /XObject /Subtype /Image /Width 8 /Height 8 /ColorSpace /DeviceGray /BitsPerComponent 8 "
        b"/Filter /FlateDecode /Length %d >>\nstream\n" % len(pixels) + pixels + b"\nendstream",
    ]
    out = b"%PDF-1.4\n"
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return out


def test_a_pdf_without_a_text_layer_is_refused_clearly(tmp_path: Path, cli) -> None:
    with pytest.raises(ImportFailed, match="this PDF has no text layer; run OCR first"):
        read_source(_image_only_pdf(), ImportOptions(), "scan.pdf")
    repo = make_repo(tmp_path, laws=False)
    (tmp_path / "scan.pdf").write_bytes(_image_only_pdf())
    result = cli("import", tmp_path / "scan.pdf", "--repo", repo)
    assert result.exit_code == 1
    assert "this PDF has no text layer; run OCR first" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_damaged_pdf_is_refused_with_one_line(tmp_path: Path, cli) -> None:
    repo = make_repo(tmp_path, laws=False)
    (tmp_path / "broken.pdf").write_bytes(b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\ntrailer garbage")
    result = cli("import", tmp_path / "broken.pdf", "--repo", repo)
    assert result.exit_code == 1
    assert "PDF" in result.stderr and "Traceback" not in result.stderr


def _load_maker():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("make_pdfs", PDFS / "make_pdfs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.browser
@pytest.mark.skipif(shutil.which("chromium") is None, reason="needs Debian's chromium (apt-get install -y chromium)")
@pytest.mark.parametrize(("seed", "pdf"), CASES)
def test_pdfs_printed_afresh_by_chromium_give_the_same_laws_as_the_text(tmp_path: Path, seed: str, pdf: str) -> None:
    maker = _load_maker()
    out = maker.make(seed, tmp_path / pdf)
    _assert_same_laws(seed, out)
