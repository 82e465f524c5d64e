#!/usr/bin/env python3
"""Trains the tile classifier and writes models/tiles.onnx.

The model is written in JAX (model.py): gradients come from autodiff, Adam and clipping from
optax, and the graph is exported with jax2onnx.

Data: synthetic tiles from synth.py (many skins) plus the labelled tiles of real games in
real/tiles.npz (made by real/label.py from screenshots of GNOME Mines, xdemineur, xbomb and
ace-minesweeper). The real tiles are split by screenshot into training and validation, and a whole
game (KMines) is held out: never trained on, it measures how the model reads a skin it has not
seen. The validation accuracy per game and per class is printed at the end and written to
training/report.txt.

    python3 training/train.py            # about ten minutes on two cores
"""

import argparse
import hashlib
import random
import time
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
import optax

import model
import synth
from tiles import CLASSES, TILE as SIZE

HERE = Path(__file__).resolve().parent


def augment(x, rng):
    """Moves half the batch by up to 0.6 of a sample in each direction, and shifts its colours.

    The real tiles are exact copies of a few looks, but the grid finder can put a cell a pixel
    to either side of where it put it in the screenshots, and a player's gamma, night light or
    browser theme moves every colour a little: the model must not depend on either."""
    n = len(x)
    pick = rng.random(n) < 0.5
    moved = x[pick]
    for axis in (2, 3):
        offset = rng.uniform(-0.6, 0.6, len(moved)).astype(np.float32)
        # Linear interpolation towards the neighbour on the offset's side, edges repeated.
        ahead = np.concatenate([moved.take(range(1, SIZE), axis), moved.take([SIZE - 1], axis)], axis)
        behind = np.concatenate([moved.take([0], axis), moved.take(range(SIZE - 1), axis)], axis)
        weight = np.abs(offset)[:, None, None, None]
        towards = np.where((offset > 0)[:, None, None, None], ahead, behind)
        moved = moved * (1 - weight) + towards * weight
    shift = rng.uniform(-0.06, 0.06, (len(moved), 3, 1, 1)).astype(np.float32)
    scale = rng.uniform(0.9, 1.1, (len(moved), 1, 1, 1)).astype(np.float32)
    out = x.copy()
    out[pick] = np.clip(moved * scale + shift, 0, 1)
    return out


scores_of = jax.jit(model.logits)


def loss_of(params, x, y):
    """Cross-entropy against `y`: each tile's target probabilities over the classes."""
    return optax.softmax_cross_entropy(model.logits(params, x), y).mean()


def targets(labels, teacher=None, tiles=None, batch=512):
    """Each tile's target probabilities: its label, or where `teacher` (a model's parameters)
    reads the tile right, the teacher's own probabilities.

    Trained further on new looks, a model moves its odds on the old ones too, and the reading's
    rules weigh those odds (a look the classifier doubts is settled by the board): its odds on
    a skin nobody trained it on changed, and boards read right before were read wrong. Where
    the model before was right, its odds are the target, so only what it got wrong is taught."""
    out = np.eye(len(CLASSES), dtype=np.float32)[labels]
    if teacher is None:
        return out, 0
    kept = 0
    for i in range(0, len(tiles), batch):
        scores = scores_of(teacher, model.to_input(tiles[i:i + batch]))
        probs = np.asarray(jax.nn.softmax(scores, axis=1))
        right = probs.argmax(1) == labels[i:i + batch]
        out[i:i + batch][right] = probs[right]
        kept += int(right.sum())
    return out, kept


def make_step(optimizer):
    @jax.jit
    def step(params, state, x, y):
        loss, grads = jax.value_and_grad(loss_of)(params, x, y)
        updates, state = optimizer.update(grads, state, params)
        return optax.apply_updates(params, updates), state, loss
    return step


def predict(params, tiles, batch=512):
    out = []
    for i in range(0, len(tiles), batch):
        scores = scores_of(params, model.to_input(tiles[i:i + batch]))
        out.append(np.asarray(scores).argmax(1))
    return np.concatenate(out) if out else np.zeros(0, np.int64)


def unique(tiles, *rest):
    """Each distinct tile once (screenshots repeat most tiles many times), with its other fields."""
    if len(tiles) == 0:
        return (tiles, *rest)
    _, first = np.unique(tiles.reshape(len(tiles), -1), axis=0, return_index=True)
    first.sort()
    return (tiles[first], *(r[first] for r in rest))


def per_class(pred, labels):
    lines = []
    for k, name in enumerate(CLASSES):
        mask = labels == k
        if mask.any():
            right = int((pred[mask] == k).sum())
            lines.append(f"  {name:>10}: {right}/{int(mask.sum())} = {right / mask.sum():.4f}")
        else:
            lines.append(f"  {name:>10}: no tiles")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--synthetic", type=int, default=120000)
    parser.add_argument("--epochs", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1, help="seed of the synthetic tiles")
    parser.add_argument("--model-seed", type=int,
                        help="seed of the initial weights and the batch order (default: --seed)")
    parser.add_argument("--out", type=Path, default=HERE.parent / "models" / "tiles.onnx")
    parser.add_argument("--init", type=Path,
                        help="start from this exported model's weights (fine-tuning) instead of "
                        "random ones")
    parser.add_argument("--lr", type=float, default=1.5e-3, help="the learning rate at the start")
    parser.add_argument("--teacher", type=Path,
                        help="keep this exported model's odds on every training tile it reads "
                        "right (its probabilities are the target there, the label elsewhere)")
    args = parser.parse_args()
    model_seed = args.seed if args.model_seed is None else args.model_seed
    rng = np.random.default_rng(model_seed)
    random.seed(args.seed)

    started = time.time()
    # The cache is named by synth.py's own text too: a changed renderer must not reuse old tiles.
    renderer = hashlib.sha256((HERE / "synth.py").read_bytes()).hexdigest()[:12]
    cache = HERE / f".synthetic-{args.synthetic}-{args.seed}-{renderer}.npz"
    if cache.exists():
        data = np.load(cache)
        syn_x, syn_y = data["tiles"], data["labels"]
    else:
        syn_x, syn_y = synth.dataset(args.synthetic, args.seed)
        np.savez_compressed(cache, tiles=syn_x, labels=syn_y)
    print(f"synthetic: {len(syn_x)} tiles ({time.time() - started:.0f} s)")

    real_path = HERE / "real" / "tiles.npz"
    if real_path.exists():
        real = np.load(real_path)
        real_x, real_y = real["tiles"], real["labels"]
        real_val = real["validation"].astype(bool)
        real_game = real["game"]
    else:
        # Synthetic only: the first model, used to pre-label real tiles for checking by eye.
        real_x, real_y = np.zeros((0, 16, 16, 3), np.uint8), np.zeros(0, np.int64)
        real_val = np.zeros(0, bool)
        real_game = np.zeros(0, "<U12")
    train_real_x, train_real_y, train_real_g = unique(real_x[~real_val], real_y[~real_val],
                                                      real_game[~real_val])
    val_x, val_y, val_game = unique(real_x[real_val], real_y[real_val], real_game[real_val])
    trained = sorted(set(real_game[~real_val].tolist()))
    held_out = sorted(set(real_game.tolist()) - set(trained))
    print(f"real: {len(train_real_x)} training and {len(val_x)} validation tiles; games trained on:"
          f" {', '.join(trained)}; held out: {', '.join(held_out) or 'none'}")

    # Real tiles are few but exact: repeat them so they weigh about as much as the synthetic set,
    # and each game's rare classes (its flags, question marks, exploded mines, high digits) more,
    # up to 120 times: one game's "5" says little about another's.
    keys = np.char.add(train_real_g.astype(str), np.char.add("/", train_real_y.astype(str)))
    _, key_index, key_counts = np.unique(keys, return_inverse=True, return_counts=True)
    base = max(1, round(len(syn_x) / max(1, len(train_real_x))))
    wanted = np.clip(400 / key_counts[key_index], base, 120).astype(int)
    repeat = np.repeat(np.arange(len(train_real_y)), wanted)
    train_x = np.concatenate([syn_x, train_real_x[repeat]])
    train_y = np.concatenate([syn_y, train_real_y[repeat]])
    teacher = model.load_onnx(args.teacher) if args.teacher else None
    train_t, kept = targets(train_y, teacher, train_x)
    if teacher is not None:
        print(f"teacher: its odds kept on the {kept} of {len(train_t)} training tiles it reads right")

    params = (model.load_onnx(args.init) if args.init
              else model.init(jax.random.PRNGKey(model_seed), len(CLASSES)))
    batch = 64
    steps_per_epoch = -(-len(train_x) // batch)
    # Cosine decay from 1.5e-3 (`--lr`) to 2e-5 (higher rates made the loss jump after a few
    # epochs; training further from a model (`--init`) starts lower, not to undo it), and
    # the global gradient norm clipped at 5: one odd batch must not throw the weights away.
    schedule = optax.cosine_decay_schedule(args.lr, args.epochs * steps_per_epoch,
                                           alpha=2e-5 / args.lr)
    optimizer = optax.chain(optax.clip_by_global_norm(5.0), optax.adam(schedule))
    state = optimizer.init(params)
    step = make_step(optimizer)
    for epoch in range(args.epochs):
        order = rng.permutation(len(train_x))
        losses = []
        for i in range(0, len(order) - batch + 1, batch):
            # Whole batches only: one shape, so the step compiles once.
            idx = order[i:i + batch]
            x = augment(model.to_input(train_x[idx]), rng)
            params, state, loss = step(params, state, jnp.asarray(x), jnp.asarray(train_t[idx]))
            losses.append(loss)
        val_acc = (predict(params, val_x) == val_y).mean() if len(val_x) else float("nan")
        print(f"epoch {epoch + 1}: loss {float(jnp.mean(jnp.stack(losses))):.4f}, real validation accuracy "
              f"{val_acc:.4f} ({time.time() - started:.0f} s)")

    pred = predict(params, val_x)
    lines = [f"real validation: {int((pred == val_y).sum())}/{len(val_y)} tiles right"]
    for game in sorted(set(val_game.tolist())):
        mask = val_game == game
        status = "trained on" if game in trained else "held out: never trained on"
        lines.append(f"  {game} ({status}): {int((pred[mask] == val_y[mask]).sum())}/"
                     f"{int(mask.sum())} = {(pred[mask] == val_y[mask]).mean():.4f}")
    lines += ["by class, all games:", *per_class(pred, val_y)]
    syn_pred = predict(params, syn_x[:5000])
    lines.append(f"synthetic (training) accuracy on 5000: {(syn_pred == syn_y[:5000]).mean():.4f}")
    report = "\n".join(lines)
    print(report)
    (HERE / "report.txt").write_text(report + "\n")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    model.export_onnx(params, str(args.out), CLASSES)
    np.savez(HERE / ".params.npz", **{k: np.asarray(v) for k, v in params.items()})
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
