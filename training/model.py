"""The tile classifier: a two-convolution CNN in plain numpy (forward, backward, Adam), and its
export to ONNX.

    input  tiles  [N, 3, 16, 16] float, RGB / 255
    conv 3->C1 3x3 pad 1, ReLU, max-pool 2   -> [N, C1, 8, 8]
    conv C1->C2 3x3 pad 1, ReLU, max-pool 2  -> [N, C2, 4, 4]
    flatten, dense -> 15, softmax            -> probs [N, 15]

Small on purpose: a whole Expert board of distinct tiles must classify in a few milliseconds on
one core, and most boards have only a handful of distinct tiles.
"""

import numpy as np

C1, C2 = 16, 32


def im2col(x):
    """[N, C, H, W] -> [N, H, W, C*9] patches of a 3x3 convolution with padding 1."""
    n, c, h, w = x.shape
    padded = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    cols = np.empty((n, h, w, c, 3, 3), x.dtype)
    for dy in range(3):
        for dx in range(3):
            cols[:, :, :, :, dy, dx] = padded[:, :, dy:dy + h, dx:dx + w].transpose(0, 2, 3, 1)
    return cols.reshape(n, h, w, c * 9)


def col2im(dcols, shape):
    n, c, h, w = shape
    dcols = dcols.reshape(n, h, w, c, 3, 3)
    padded = np.zeros((n, c, h + 2, w + 2), dcols.dtype)
    for dy in range(3):
        for dx in range(3):
            padded[:, :, dy:dy + h, dx:dx + w] += dcols[:, :, :, :, dy, dx].transpose(0, 3, 1, 2)
    return padded[:, :, 1:-1, 1:-1]


def init(rng, classes):
    def he(shape, fan_in):
        return (rng.standard_normal(shape) * np.sqrt(2.0 / fan_in)).astype(np.float32)
    return {
        "w1": he((C1, 3, 3, 3), 27), "b1": np.zeros(C1, np.float32),
        "w2": he((C2, C1, 3, 3), C1 * 9), "b2": np.zeros(C2, np.float32),
        "w3": he((classes, C2 * 16), C2 * 16), "b3": np.zeros(classes, np.float32),
    }


def conv_forward(x, w, b):
    cols = im2col(x)
    out = cols @ w.reshape(w.shape[0], -1).T + b          # [N, H, W, Cout]
    return out.transpose(0, 3, 1, 2), cols


def pool_forward(x):
    n, c, h, w = x.shape
    blocks = x.reshape(n, c, h // 2, 2, w // 2, 2)
    out = blocks.max(axis=(3, 5))
    mask = blocks == out[:, :, :, None, :, None]
    return out, mask


def pool_backward(dout, mask):
    # A tie passes the gradient to every maximum; ties happen almost only between zeros after
    # the ReLU, whose gradient the ReLU mask clears anyway.
    grad = mask * dout[:, :, :, None, :, None]
    n, c, h2, _, w2, _ = mask.shape
    return grad.reshape(n, c, h2 * 2, w2 * 2)


def forward(params, x):
    z1, cols1 = conv_forward(x, params["w1"], params["b1"])
    a1 = np.maximum(z1, 0)
    p1, m1 = pool_forward(a1)
    z2, cols2 = conv_forward(p1, params["w2"], params["b2"])
    a2 = np.maximum(z2, 0)
    p2, m2 = pool_forward(a2)
    flat = p2.reshape(len(x), -1)
    logits = flat @ params["w3"].T + params["b3"]
    cache = (x, cols1, z1, m1, p1, cols2, z2, m2, flat)
    return logits, cache


def backward(params, cache, dlogits):
    x, cols1, z1, m1, p1, cols2, z2, m2, flat = cache
    grads = {"w3": dlogits.T @ flat, "b3": dlogits.sum(0)}
    dp2 = (dlogits @ params["w3"]).reshape(len(x), C2, 4, 4)
    dz2 = pool_backward(dp2, m2) * (z2 > 0)
    dz2_t = dz2.transpose(0, 2, 3, 1).reshape(-1, C2)
    grads["w2"] = (dz2_t.T @ cols2.reshape(-1, C1 * 9)).reshape(params["w2"].shape)
    grads["b2"] = dz2_t.sum(0)
    dcols2 = dz2_t @ params["w2"].reshape(C2, -1)
    dp1 = col2im(dcols2.reshape(len(x), 8, 8, C1 * 9), p1.shape)
    dz1 = pool_backward(dp1, m1) * (z1 > 0)
    dz1_t = dz1.transpose(0, 2, 3, 1).reshape(-1, C1)
    grads["w1"] = (dz1_t.T @ cols1.reshape(-1, 27)).reshape(params["w1"].shape)
    grads["b1"] = dz1_t.sum(0)
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
    nodes = [
        helper.make_node("Conv", ["tiles", "w1", "b1"], ["z1"], pads=[1, 1, 1, 1],
                         kernel_shape=[3, 3]),
        helper.make_node("Relu", ["z1"], ["a1"]),
        helper.make_node("MaxPool", ["a1"], ["p1"], kernel_shape=[2, 2], strides=[2, 2]),
        helper.make_node("Conv", ["p1", "w2", "b2"], ["z2"], pads=[1, 1, 1, 1],
                         kernel_shape=[3, 3]),
        helper.make_node("Relu", ["z2"], ["a2"]),
        helper.make_node("MaxPool", ["a2"], ["p2"], kernel_shape=[2, 2], strides=[2, 2]),
        helper.make_node("Reshape", ["p2", "flat_shape"], ["flat"]),
        helper.make_node("Gemm", ["flat", "w3", "b3"], ["logits"], transB=1),
        helper.make_node("Softmax", ["logits"], ["probs"], axis=1),
    ]
    graph = helper.make_graph(
        nodes, "minehint_tiles",
        [helper.make_tensor_value_info("tiles", TensorProto.FLOAT, ["N", 3, 16, 16])],
        [helper.make_tensor_value_info("probs", TensorProto.FLOAT, ["N", len(classes)])],
        inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)],
                              producer_name="minehint-training")
    model.doc_string = "classes: " + ",".join(classes)
    onnx.checker.check_model(model)
    onnx.save(model, path)
