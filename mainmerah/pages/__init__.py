"""The pages: what each notebook of ``notebooks/`` shows. In a page's kernel, errors reach the page as one line
(:mod:`mainmerah.pages.kernel_errors`)."""

from mainmerah.pages.kernel_errors import install as _one_line_errors

_one_line_errors()
