// Issue 37: D. N. Hill's JavaScript solver (the one JSMinesweeper runs in the browser) on the mine
// layouts minehint writes, as scripts/anchor/AnchorPaired.java drives his Java solver.
//
//   node scripts/anchor/js_paired.js SOURCE LAYOUTS WORKERS OUTCOMES GUESSES
//
// SOURCE is a checkout of github.com/DavidNHill/JSMinesweeper (not fetched here; it never enters
// this project). Its script files are loaded unmodified into this process, in the order its
// index.html loads them, the page's own main.js included (the solver reads its constants and
// globals), with a stand-in for the page's elements; then what the page's start-up does for the
// solver (its binomial cache, the solver's set-up call).
//
// LAYOUTS is what `minehint bench --layouts` writes: one game a line, `WIDTHxHEIGHTxMINES
// ROW,COL INDEX...` (the board, the first click, every mine as row * WIDTH + col). Each game
// opens ROW,COL first, then does what the solver says, with the options of the author's own
// bulk run (no flags, advanced guessing, full probability) until it is won or lost: its certain
// moves, then its first move if that is a guess. OUTCOMES gets one character per game in file
// order, 1 won and 0 lost; GUESSES one line per guess, `GAME GUESS ROW COL SAFE` (the solver's
// own chance that the tile is safe), as AnchorPaired writes them, so scripts/anchor/paired.py
// reads either. stdout gets one JSON line with the win rate and the games per second.
"use strict";

const fs = require("fs");
const path = require("path");
const vm = require("vm");
const { fork } = require("child_process");

// index.html's order, the page's own script (main.js) among them: the solver reads constants,
// its board's size and a sleep from it.
const SOLVER_FILES = [
    "Minesweeper/client/Board.js",
    "Minesweeper/client/Tile.js",
    "Minesweeper/client/solver_main.js",
    "Minesweeper/client/solver_probability_engine.js",
    "Minesweeper/client/Brute_force.js",
    "Minesweeper/client/BruteForceAnalysis.js",
    "Minesweeper/client/MinesweeperGame.js",
    "Minesweeper/client/SolutionCounter.js",
    "Minesweeper/client/EfficiencyHelper.js",
    "Minesweeper/client/FiftyFiftyHelper.js",
    "Minesweeper/client/LongTermRiskHelper.js",
    "Minesweeper/client/main.js",
    "Minesweeper/Utility/PrimeSieve.js",
    "Minesweeper/Utility/Binomial.js",
];

function parseLayout(line, number) {
    const parts = line.trim().split(/\s+/);
    const [width, height, mines] = parts[0].split("x").map(Number);
    const [firstRow, firstCol] = parts[1].split(",").map(Number);
    const indices = parts.slice(2).map(Number);
    if (indices.length !== mines || [width, height, mines, firstRow, firstCol].some(isNaN)) {
        throw new Error(`layout ${number}: ${mines} mines named, ${indices.length} given`);
    }
    return { width, height, mines, firstRow, firstCol, indices };
}

// The solver's files, run as the page's script tags would: their top-level names shared.
function loadSolver(source) {
    // The page's surroundings for main.js's top level (its canvases, controls and storage):
    // one object that takes any property, call or assignment and gives itself back. Nothing
    // of the page is drawn or read; its start-up (window.onload) is not run.
    const anything = new Proxy(function () {}, {
        get: (target, key) => (key === Symbol.toPrimitive ? () => "" : anything),
        apply: () => anything,
        construct: () => anything,
        set: () => true,
    });
    for (const name of ["document", "window", "localStorage", "navigator", "Image", "location"]) {
        globalThis[name] = anything;
    }
    for (const file of SOLVER_FILES) {
        const text = fs.readFileSync(path.join(source, file), "utf8");
        vm.runInThisContext(text, { filename: file });
    }
    // What main.js's start-up does for the solver: the binomial cache (the same sizes), and the
    // solver's own set-up of the entry points its helpers call back into.
    vm.runInThisContext(`binomialCache = new BinomialCache(5000, 500, new Binomial(MAX_BINOMIAL_N, 500));
        solver(null, null);`);
    // One game: its outcome and its guesses, through the solver's own game and board objects.
    return vm.runInThisContext(`(async function (layout, number) {
        const array = [layout.width, layout.height, layout.mines];
        for (const index of layout.indices) {
            array.push(index % layout.width, Math.floor(index / layout.width));
        }
        // As its createGameFromArray makes a game from a list of mines, without the download
        // link it also makes for the page.
        const game = new ServerGame(number, layout.width, layout.height, layout.mines, 0, 0, "safe");
        game.resetMinesUsingArray(array);
        // The page's board (main.js's global): the solver's long-term risk helper reads the
        // board's width and height from it.
        board = new Board(number, layout.width, layout.height, layout.mines, 0, "safe");
        const options = { playStyle: PLAY_STYLE_NOFLAGS, verbose: false, advancedGuessing: true,
                          fullProbability: true, hardcore: false };
        const guesses = [];
        let revealed = game.clickTile(game.getTile(board.xy_to_index(layout.firstCol, layout.firstRow)));
        if (revealed.header.status === IN_PLAY) {
            applyResults(board, revealed);
        }
        for (let round = 0; revealed.header.status === IN_PLAY; round++) {
            if (round >= 10000) {
                throw new Error("game " + number + ": no end after 10,000 rounds");
            }
            const actions = (await solver(board, options)).actions;
            if (actions.length === 0) {
                throw new Error("game " + number + ": the solver gave no move");
            }
            for (let i = 0; i < actions.length; i++) {
                const action = actions[i];
                if (action.action !== ACTION_CLEAR) {
                    continue;
                }
                // Its certain moves, then a guess only as the first move of a round.
                if (action.prob !== 1 && i !== 0) {
                    break;
                }
                if (action.prob !== 1) {
                    guesses.push(number + " " + (guesses.length + 1) + " " + action.y + " " +
                                 action.x + " " + Number(action.prob).toFixed(6));
                }
                revealed = game.clickTile(game.getTile(board.xy_to_index(action.x, action.y)));
                if (revealed.header.status !== IN_PLAY) {
                    break;
                }
                applyResults(board, revealed);
                if (action.prob !== 1) {
                    break;
                }
            }
        }
        return { won: revealed.header.status === WON, guesses };
    })`);
}

// A worker: plays the games whose index is `worker` modulo `workers`, and sends each result.
async function work(source, layoutsPath, worker, workers) {
    const play = loadSolver(source);
    const lines = fs.readFileSync(layoutsPath, "utf8").split("\n").filter((l) => l.trim());
    for (let i = worker; i < lines.length; i += workers) {
        const result = await play(parseLayout(lines[i], i + 1), i);
        process.send({ index: i, won: result.won, guesses: result.guesses });
    }
}

async function main() {
    const [source, layoutsPath, workersText, outcomesPath, guessesPath] = process.argv.slice(2);
    if (!guessesPath) {
        console.error("usage: node js_paired.js SOURCE LAYOUTS WORKERS OUTCOMES GUESSES");
        process.exit(2);
    }
    const lines = fs.readFileSync(layoutsPath, "utf8").split("\n").filter((l) => l.trim());
    lines.forEach((line, i) => parseLayout(line, i + 1));
    const workers = Math.max(1, Number(workersText) || 1);
    const outcomes = new Array(lines.length).fill("?");
    const guesses = new Array(lines.length).fill("");
    const start = Date.now();
    let done = 0;
    await Promise.all(Array.from({ length: workers }, (_, w) => new Promise((resolve, reject) => {
        const child = fork(__filename, ["--worker", source, layoutsPath, String(w), String(workers)]);
        child.on("message", (m) => {
            outcomes[m.index] = m.won ? "1" : "0";
            guesses[m.index] = m.guesses.map((g) => g + "\n").join("");
            done++;
            if (done % 1000 === 0) {
                console.error(`${done} of ${lines.length} games`);
            }
        });
        child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`worker ${w} exited with ${code}`))));
    })));
    const seconds = (Date.now() - start) / 1000;
    fs.writeFileSync(outcomesPath, outcomes.join("") + "\n");
    fs.writeFileSync(guessesPath, guesses.join(""));
    const won = outcomes.filter((c) => c === "1").length;
    console.log(JSON.stringify({
        player: "anchor-js", games: lines.length, won, win_rate: +(won / lines.length).toFixed(5),
        seconds: +seconds.toFixed(1), games_per_second: +(lines.length / seconds).toFixed(1), workers,
    }));
}

if (process.argv[2] === "--worker") {
    // The solver and the page log as they go (the layouts, each analysis' timing): not wanted
    // between the results; its errors still reach stderr.
    console.log = () => {};
    const [source, layoutsPath, worker, workers] = process.argv.slice(3);
    work(source, layoutsPath, Number(worker), Number(workers)).then(
        () => process.exit(0),
        (err) => { console.error("js_paired: " + (err && err.stack || err)); process.exit(1); });
} else {
    main().catch((err) => { console.error("js_paired: " + (err && err.message || err)); process.exit(1); });
}
