"""The tile classifier: a small all-convolution CNN in plain numpy (forward, backward, Adam), and
its export to ONNX.

    input  tiles  [N, 3, 16, 16] float, RGB / 255
    conv 3->16  4x4 stride 2, ReLU         -> [N, 16, 7, 7]
    conv 16->32 3x3 stride 2, ReLU         -> [N, 32, 3, 3]
    flatten, dense -> 15, softmax          -> probs [N, 15]

Strided convolutions without padding instead of full-size convolutions and max-pools: the first
layer still sees every pixel (its 4x4 windows overlap and reach both edges), so a small mark
such as GNOME's "?" beside its flag is not averaged away. It is a fifth of the work of the
earlier conv, pool, conv, pool model, and tract runs unpadded convolutions much faster (padding
took most of its time): a whole Expert board of distinct tiles must classify in a few
milliseconds on one core.
"""

import numpy as np

from tiles import TILE as SIZE

# (output channels, kernel, stride, padding) of each convolution; each is followed by a ReLU.
CONVS = [(16, 4, 2, 0), (32, 3, 2, 0)]


def out_size(size, kernel, stride, pad):
    return (size + 2 * pad - kernel) // stride + 1


def shapes():
    """The [C, H, W] after each convolution."""
    c, size, out = 3, SIZE, []
    for cout, k, s, p in CONVS:
        size = out_size(size, k, s, p)
        c = cout
        out.append((c, size, size))
    return out


def im2col(x, k, s, p):
    """[N, C, H, W] -> [N, Ho, Wo, C*k*k] patches of a kxk convolution."""
    n, c, h, w = x.shape
    ho, wo = out_size(h, k, s, p), out_size(w, k, s, p)
    padded = np.pad(x, ((0, 0), (0, 0), (p, p), (p, p)))
    cols = np.empty((n, ho, wo, c, k, k), x.dtype)
    for dy in range(k):
        for dx in range(k):
            window = padded[:, :, dy:dy + s * (ho - 1) + 1:s, dx:dx + s * (wo - 1) + 1:s]
            cols[:, :, :, :, dy, dx] = window.transpose(0, 2, 3, 1)
    return cols.reshape(n, ho, wo, c * k * k)


def col2im(dcols, shape, k, s, p):
    n, c, h, w = shape
    ho, wo = out_size(h, k, s, p), out_size(w, k, s, p)
    dcols = dcols.reshape(n, ho, wo, c, k, k)
    padded = np.zeros((n, c, h + 2 * p, w + 2 * p), dcols.dtype)
    for dy in range(k):
        for dx in range(k):
            padded[:, :, dy:dy + s * (ho - 1) + 1:s, dx:dx + s * (wo - 1) + 1:s] += \
                dcols[:, :, :, :, dy, dx].transpose(0, 3, 1, 2)
    return padded[:, :, p:p + h, p:p + w]


def init(rng, classes):
    def he(shape, fan_in):
        return (rng.standard_normal(shape) * np.sqrt(2.0 / fan_in)).astype(np.float32)
    params, cin = {}, 3
    for i, (cout, k, _, _) in enumerate(CONVS, 1):
        params[f"w{i}"] = he((cout, cin, k, k), cin * k * k)
        params[f"b{i}"] = np.zeros(cout, np.float32)
        cin = cout
    flat = int(np.prod(shapes()[-1]))
    d = len(CONVS) + 1
    params[f"w{d}"] = he((classes, flat), flat)
    params[f"b{d}"] = np.zeros(classes, np.float32)
    return params


def forward(params, x):
    cache, a = [], x
    for i, (cout, k, s, p) in enumerate(CONVS, 1):
        cols = im2col(a, k, s, p)
        z = cols @ params[f"w{i}"].reshape(cout, -1).T + params[f"b{i}"]   # [N, Ho, Wo, Cout]
        z = z.transpose(0, 3, 1, 2)
        cache.append((a.shape, cols, z))
        a = np.maximum(z, 0)
    flat = a.reshape(len(x), -1)
    d = len(CONVS) + 1
    logits = flat @ params[f"w{d}"].T + params[f"b{d}"]
    return logits, (cache, flat)


def backward(params, cache, dlogits):
    layers, flat = cache
    d = len(CONVS) + 1
    grads = {f"w{d}": dlogits.T @ flat, f"b{d}": dlogits.sum(0)}
    da = (dlogits @ params[f"w{d}"]).reshape(layers[-1][2].shape)
    for i in range(len(CONVS), 0, -1):
        cout, k, s, p = CONVS[i - 1]
        in_shape, cols, z = layers[i - 1]
        dz = da * (z > 0)
        dz_t = dz.transpose(0, 2, 3, 1).reshape(-1, cout)
        w = params[f"w{i}"]
        grads[f"w{i}"] = (dz_t.T @ cols.reshape(len(dz_t), -1)).reshape(w.shape)
        grads[f"b{i}"] = dz_t.sum(0)
        if i > 1:
            dcols = dz_t @ w.reshape(cout, -1)
            da = col2im(dcols, in_shape, k, s, p)
    return grads


def softmax(logits):
    shifted = logits - logits.max(axis=1, keepdims=True)
    e = np.exp(shifted)
    return e / e.sum(axis=1, keepdims=True)


def to_input(tiles):
    """uint8 [N, 16, 16, 3] -> float32 [N, 3, 16, 16] in 0..1."""
    return tiles.astype(np.float32).transpose(0, 3, 1, 2) / 255.0


def export_onnx(params, path, classes):
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    inits = [numpy_helper.from_array(v.astype(np.float32), k) for k, v in params.items()]
    inits.append(numpy_helper.from_array(np.array([0, -1], np.int64), "flat_shape"))
    nodes, prev = [], "tiles"
    for i, (_, k, s, p) in enumerate(CONVS, 1):
        nodes.append(helper.make_node("Conv", [prev, f"w{i}", f"b{i}"], [f"z{i}"],
                                      pads=[p, p, p, p], kernel_shape=[k, k], strides=[s, s]))
        nodes.append(helper.make_node("Relu", [f"z{i}"], [f"a{i}"]))
        prev = f"a{i}"
    d = len(CONVS) + 1
    nodes += [
        helper.make_node("Reshape", [prev, "flat_shape"], ["flat"]),
        helper.make_node("Gemm", ["flat", f"w{d}", f"b{d}"], ["logits"], transB=1),
        helper.make_node("Softmax", ["logits"], ["probs"], axis=1),
    ]
    graph = helper.make_graph(
        nodes, "minehint_tiles",
        [helper.make_tensor_value_info("tiles", TensorProto.FLOAT, ["N", 3, SIZE, SIZE])],
        [helper.make_tensor_value_info("probs", TensorProto.FLOAT, ["N", len(classes)])],
        inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)],
                              producer_name="minehint-training")
    model.doc_string = "classes: " + ",".join(classes)
    onnx.checker.check_model(model)
    onnx.save(model, path)
