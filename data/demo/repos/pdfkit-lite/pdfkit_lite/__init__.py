"""pdfkit_lite: read, split and merge PDF files."""
from pdfkit_lite.reader import PdfReader
from pdfkit_lite.page import Page

__all__ = ["PdfReader", "Page"]
