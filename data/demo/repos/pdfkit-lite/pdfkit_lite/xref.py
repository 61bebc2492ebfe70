from pdfkit_lite.filters import flate_decode


def read_field(data, offset, width, default):
    if width == 0:
        return default, offset
    value = int.from_bytes(data[offset:offset + width], "big")
    return value, offset + width


def parse_xref_stream(stream, widths):
    data = flate_decode(stream, sum(widths))
    entries = []
    offset = 0
    while offset < len(data):
        kind, offset = read_field(data, offset, widths[0], 0)
        field2, offset = read_field(data, offset, widths[1], 0)
        field3, offset = read_field(data, offset, widths[2], 0)
        entries.append((kind, field2, field3))
    return entries
