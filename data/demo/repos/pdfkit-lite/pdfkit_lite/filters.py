import zlib


def paeth_predictor(left, up, up_left):
    p = left + up - up_left
    dist_left = abs(p - left)
    dist_up = abs(p - up)
    dist_up_left = abs(p - up_left)
    if dist_left <= dist_up and dist_left <= dist_up_left:
        return left
    if dist_up_left <= dist_up:
        return up_left
    return up


def unpredict_row(row, previous, bytes_per_pixel):
    out = bytearray(row)
    for i in range(len(out)):
        left = out[i - bytes_per_pixel] if i >= bytes_per_pixel else 0
        up = previous[i] if previous else 0
        up_left = previous[i - bytes_per_pixel] if previous and i >= bytes_per_pixel else 0
        out[i] = (out[i] + paeth_predictor(left, up, up_left)) % 256
    return bytes(out)


def flate_decode(data, columns=1):
    raw = zlib.decompress(data)
    rows = [raw[i:i + columns] for i in range(0, len(raw), columns)]
    previous = None
    decoded = []
    for row in rows:
        previous = unpredict_row(row, previous, 1)
        decoded.append(previous)
    return b"".join(decoded)
