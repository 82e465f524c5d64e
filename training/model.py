"""The tile classifier: a small all-convolution CNN written in JAX (gradients by autodiff), and its
export to ONNX with jax2onnx.

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

import jax
import jax.numpy as jnp
import numpy as np

from tiles import TILE as SIZE

# (output channels, kernel, stride) of each convolution; each is followed by a ReLU.
CONVS = [(16, 4, 2), (32, 3, 2)]
# The opset the exported graph declares: tract (the Rust side) reads every op this graph uses
# at opset 13, and an older opset keeps the file readable by older runtimes too.
OPSET = 13


def flat_size():
    """The number of features the dense layer sees after the convolutions."""
    c, size = 3, SIZE
    for cout, k, s in CONVS:
        size = (size - k) // s + 1
        c = cout
    return c * size * size


def init(key, classes):
    """He-initialised weights: convolutions OIHW, the dense layer [classes, features]."""
    params, cin = {}, 3
    keys = jax.random.split(key, len(CONVS) + 1)
    for i, (cout, k, _) in enumerate(CONVS, 1):
        fan_in = cin * k * k
        params[f"w{i}"] = jax.random.normal(keys[i - 1], (cout, cin, k, k)) * np.sqrt(2 / fan_in)
        params[f"b{i}"] = jnp.zeros(cout)
        cin = cout
    d = len(CONVS) + 1
    params[f"w{d}"] = jax.random.normal(keys[-1], (classes, flat_size())) * np.sqrt(2 / flat_size())
    params[f"b{d}"] = jnp.zeros(classes)
    return params


def logits(params, x):
    """[N, 3, 16, 16] -> [N, classes] scores before the softmax."""
    a = x
    for i, (_, _, s) in enumerate(CONVS, 1):
        a = jax.lax.conv_general_dilated(a, params[f"w{i}"], (s, s), "VALID",
                                         dimension_numbers=("NCHW", "OIHW", "NCHW"))
        a = jax.nn.relu(a + params[f"b{i}"][None, :, None, None])
    d = len(CONVS) + 1
    return a.reshape(a.shape[0], -1) @ params[f"w{d}"].T + params[f"b{d}"]


def to_input(tiles):
    """uint8 [N, 16, 16, 3] -> float32 [N, 3, 16, 16] in 0..1."""
    return tiles.astype(np.float32).transpose(0, 3, 1, 2) / 255.0


def load_onnx(path):
    """The weights of a model `export_onnx` wrote, by the shapes of its constants (the exporter
    names them itself): the convolutions' kernels and biases, the dense layer and its bias."""
    import onnx
    from onnx import numpy_helper

    arrays = [numpy_helper.to_array(i) for i in onnx.load(str(path)).graph.initializer]
    params, cin = {}, 3
    for i, (cout, k, _) in enumerate(CONVS, 1):
        params[f"w{i}"] = next(a for a in arrays if a.shape == (cout, cin, k, k))
        params[f"b{i}"] = next(a for a in arrays if a.shape == (1, cout, 1, 1)).reshape(cout)
        cin = cout
    d = len(CONVS) + 1
    params[f"w{d}"] = next(a for a in arrays if a.ndim == 2 and a.shape[1] == flat_size())
    classes = params[f"w{d}"].shape[0]
    bias = next(a for a in arrays if a.shape == (1, classes)).reshape(classes)
    # The dense layer's own bias is a scalar the exporter adds besides (zero as exported).
    bias = bias + sum(float(a) for a in arrays if a.shape == ())
    params[f"b{d}"] = bias
    return {k: jnp.asarray(v, jnp.float32) for k, v in params.items()}


def export_onnx(params, path, classes):
    """Writes the classifier, softmax included, with a free batch size; the class order goes into
    the model's doc string so a reader can tell which output is which."""
    import onnx
    from jax2onnx import to_onnx

    frozen = {k: jnp.asarray(v, jnp.float32) for k, v in params.items()}

    def probs(tiles):
        return jax.nn.softmax(logits(frozen, tiles), axis=1)

    model = to_onnx(probs, [("N", 3, SIZE, SIZE)], model_name="minehint_tiles", opset=OPSET,
                    input_names=["tiles"], output_names=["probs"])
    # jax2onnx records every intermediate shape with the symbolic batch; tract fixes the batch
    # itself and refuses to unify its own size with that symbol, so the records go.
    del model.graph.value_info[:]
    model.doc_string = "classes: " + ",".join(classes)
    model.producer_name = "minehint-training"
    onnx.checker.check_model(model)
    onnx.save(model, path)
