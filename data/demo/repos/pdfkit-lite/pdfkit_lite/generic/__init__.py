from pdfkit_lite.generic._base import ArrayObject, NameObject, TextStringObject

__all__ = ["ArrayObject", "NameObject", "TextStringObject"]
