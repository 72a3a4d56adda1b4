"""Sphinx configuration: the manual (Markdown, through MyST) and the API reference (autodoc).

Build with ``python -m sphinx -W --keep-going -b html docs docs/_build/html``
(the ``docs`` extra installs what it needs); warnings are errors.
"""

from __future__ import annotations

from sphinx.ext.napoleon.docstring import GoogleDocstring

import badugi

project = "badugi"
author = "The badugi developers"
copyright = "2026, the badugi developers"  # noqa: A001 - the name Sphinx reads
release = badugi.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",  # the docstrings' "Raises:" and "Attributes:" sections
    "sphinx.ext.viewcode",
]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build"]
root_doc = "index"

myst_heading_anchors = 3  # links to sections (page.md#a-heading) resolve, and are checked
myst_enable_extensions = ["colon_fence"]

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True}
# The web extra's packages, which badugi.web.app and badugi.web.server import at their top: autodoc
# imports those modules for the signatures and docstrings alone, so the docs extra builds the site
# without the web extra (tests/test_docs_extra.py checks every page's modules).
autodoc_mock_imports = ["starlette", "uvicorn"]
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_ivar = True


def _attribute_as_written(self: GoogleDocstring) -> list[str]:
    """A data or attribute comment as written: napoleon reads its first "X: Y" as "type: text".

    The library's ``#:`` comments are prose whose types are in the annotations, and a colon in one
    ("indexed by id: CARD_TEXT[38] == 'Th'") made a scrap of it, the sentence shown as a type.
    """
    return GoogleDocstring(self._consume_to_end(), self._config).lines()


GoogleDocstring._parse_attribute_docstring = _attribute_as_written  # type: ignore[method-assign]

html_theme = "furo"
html_title = f"badugi {release}"
html_static_path = ["_static"]
html_css_files = ["badugi.css"]
html_theme_options = {"navigation_with_keys": True}
