// Plays D. N. Hill's Minesweeper solver (github.com/DavidNHill/Minesweeper, MIT licence) on mine
// layouts given in a file, so that it and `minehint bench` play the very same games (issue 37's
// paired runs). Only this driver is ours: scripts/anchor_paired.sh compiles it against a
// checkout of that repository, which never enters this project.
//
//   java AnchorPaired LAYOUTS WORKERS OUTCOMES GUESSES
//
// LAYOUTS is what `minehint bench --layouts` writes: one game a line,
//   WIDTHxHEIGHTxMINES ROW,COL INDEX...
// (the board, the first click, and every mine as row * WIDTH + col). Each game opens ROW,COL
// first, then does what the solver says (SMALL_ANALYSIS, no flags) until it is won or lost.
// OUTCOMES gets one character per game in file order, 1 won and 0 lost (the format of `bench
// --outcomes`); GUESSES one line per guess the solver made (a move it was not sure of),
//   GAME GUESS ROW COL SAFE
// (game number from 0, guess number from 1, the tile, the solver's chance that it is safe), so
// that the first guess where the two players part ways can be found; stdout gets one JSON line
// with the totals.

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import minesweeper.gamestate.GameStateModel;
import minesweeper.gamestate.GameStateModelViewer;
import minesweeper.gamestate.MoveMethod;
import minesweeper.settings.GameSettings;
import minesweeper.solver.Solver;
import minesweeper.solver.settings.PlayStyle;
import minesweeper.solver.settings.SettingsFactory;
import minesweeper.solver.settings.SettingsFactory.Setting;
import minesweeper.solver.settings.SolverSettings;
import minesweeper.structure.Action;
import minesweeper.structure.Location;

public class AnchorPaired {

    /** One game: its board, first click and mines. */
    static final class Layout {
        final int width, height, mines, firstRow, firstCol;
        final boolean[] mine;

        Layout(String line, int number) {
            String[] parts = line.trim().split("\\s+");
            if (parts.length < 2) {
                throw new IllegalArgumentException("layout line " + number + ": expected WxHxM ROW,COL INDEX...");
            }
            String[] size = parts[0].split("x");
            String[] first = parts[1].split(",");
            width = Integer.parseInt(size[0]);
            height = Integer.parseInt(size[1]);
            mines = Integer.parseInt(size[2]);
            firstRow = Integer.parseInt(first[0]);
            firstCol = Integer.parseInt(first[1]);
            if (parts.length - 2 != mines) {
                throw new IllegalArgumentException("layout line " + number + ": " + (parts.length - 2)
                    + " mines listed, the board has " + mines);
            }
            mine = new boolean[width * height];
            for (int i = 2; i < parts.length; i++) {
                mine[Integer.parseInt(parts[i])] = true;
            }
        }
    }

    /** A game whose mines are the layout's, whatever tile is opened first. */
    static final class FixedGame extends GameStateModelViewer {
        private final int[][] board;
        private final Layout layout;

        FixedGame(Layout layout, long seed) {
            super(GameSettings.create(layout.width, layout.height, layout.mines), seed);
            this.layout = layout;
            this.board = new int[width][height];
        }

        @Override
        protected void startHandle(Location m) {
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    if (layout.mine[y * width + x]) {
                        board[x][y] = GameStateModel.MINE;
                    }
                }
            }
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    if (board[x][y] == GameStateModel.MINE) {
                        continue;
                    }
                    int around = 0;
                    for (int j = 0; j < DX.length; j++) {
                        int x1 = x + DX[j], y1 = y + DY[j];
                        if (x1 >= 0 && x1 < width && y1 >= 0 && y1 < height && board[x1][y1] == GameStateModel.MINE) {
                            around++;
                        }
                    }
                    board[x][y] = around;
                }
            }
        }

        @Override
        protected void placeFlagHandle(Location m) {
        }

        @Override
        protected int queryHandle(int x, int y) {
            return board[x][y];
        }

        @Override
        protected boolean clearSquareHitMine(Location m) {
            if (board[m.x][m.y] == 0) {
                explode(m);
            }
            return board[m.x][m.y] == GameStateModel.MINE;
        }

        @Override
        protected boolean clearSurroundHandle(Location m) {
            for (int j = 0; j < DX.length; j++) {
                int x1 = m.x + DX[j], y1 = m.y + DY[j];
                if (x1 >= 0 && x1 < width && y1 >= 0 && y1 < height) {
                    clearSquare(new Location(x1, y1));
                }
            }
            return true;
        }

        @Override
        public int privilegedQuery(Location m, boolean showMines) {
            int result = query(m);
            if (result == GameStateModel.MINE) {
                return GameStateModel.EXPLODED_MINE;
            }
            if (showMines && result == GameStateModel.HIDDEN && board[m.x][m.y] == GameStateModel.MINE) {
                return GameStateModel.MINE;
            }
            if (showMines && result == GameStateModel.FLAG && board[m.x][m.y] != GameStateModel.MINE) {
                return GameStateModel.BAD_FLAG;
            }
            return result;
        }

        // The solver may ask what lies under tiles only where its settings allow it to cheat
        // (not SMALL_ANALYSIS); answered from the layout all the same.
        @Override
        public List<Action> identifyLocations(Collection<? extends Location> locs) {
            List<Action> actions = new ArrayList<>();
            for (Location loc : locs) {
                boolean isMine = board[loc.x][loc.y] == GameStateModel.MINE;
                actions.add(new Action(loc, isMine ? Action.FLAG : Action.CLEAR, MoveMethod.CHEAT, "", BigDecimal.ONE));
            }
            return actions;
        }

        @Override
        public String showGameKey() {
            return "layout " + seed;
        }
    }

    /** Plays one layout to the end: true when won. Each guess is added to `guesses`. */
    static boolean play(Layout layout, long number, SolverSettings settings, StringBuilder guesses) {
        FixedGame game = new FixedGame(layout, number);
        // The first click is the layout's, as `minehint bench` made it (x is the column).
        game.doAction(new Action(new Location(layout.firstCol, layout.firstRow), Action.CLEAR,
            MoveMethod.BOOK, "", BigDecimal.ONE));
        Solver solver = new Solver(game, settings, false);
        solver.setPlayStyle(PlayStyle.NO_FLAG);
        int guessCount = 0;
        // A game takes a few hundred moves; far more means the solver makes no progress.
        for (int round = 0; round < 10_000; round++) {
            int state = game.getGameState();
            if (state == GameStateModel.WON) {
                return true;
            }
            if (state == GameStateModel.LOST) {
                return false;
            }
            solver.start();
            Action[] moves = solver.getResult();
            if (moves.length == 0) {
                throw new IllegalStateException("game " + number + ": the solver gave no move");
            }
            for (Action move : moves) {
                if (!move.isCertainty()) {
                    guessCount++;
                    guesses.append(number).append(' ').append(guessCount).append(' ').append(move.y)
                        .append(' ').append(move.x).append(' ')
                        .append(String.format("%.6f", move.getBigProb().doubleValue())).append('\n');
                }
                game.doAction(move);
                int after = game.getGameState();
                if (after == GameStateModel.WON || after == GameStateModel.LOST) {
                    break;
                }
            }
        }
        throw new IllegalStateException("game " + number + ": no end after 10,000 rounds");
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length != 4) {
            System.err.println("usage: AnchorPaired LAYOUTS WORKERS OUTCOMES GUESSES");
            System.exit(2);
        }
        List<String> lines = Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8);
        List<Layout> layouts = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).isBlank()) {
                layouts.add(new Layout(lines.get(i), i + 1));
            }
        }
        int workers = Integer.parseInt(args[1]);
        SolverSettings settings = SettingsFactory.GetSettings(Setting.SMALL_ANALYSIS);

        char[] outcomes = new char[layouts.size()];
        String[] guessLog = new String[layouts.size()];
        AtomicInteger next = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();
        long start = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        List<Future<Object>> running = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            running.add(pool.submit(() -> {
                for (int i = next.getAndIncrement(); i < layouts.size(); i = next.getAndIncrement()) {
                    StringBuilder guesses = new StringBuilder();
                    outcomes[i] = play(layouts.get(i), i, settings, guesses) ? '1' : '0';
                    guessLog[i] = guesses.toString();
                    int n = done.incrementAndGet();
                    if (n % 1000 == 0) {
                        System.err.printf("%d of %d games%n", n, layouts.size());
                    }
                }
                return null;
            }));
        }
        pool.shutdown();
        // A worker's failure (a bad layout, a solver exception) ends the run with its cause.
        for (Future<Object> worker : running) {
            try {
                worker.get();
            } catch (ExecutionException e) {
                pool.shutdownNow();
                System.err.println("AnchorPaired: " + e.getCause());
                System.exit(1);
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;

        Files.write(Paths.get(args[2]), (new String(outcomes) + "\n").getBytes(StandardCharsets.UTF_8));
        Files.write(Paths.get(args[3]), String.join("", guessLog).getBytes(StandardCharsets.UTF_8));
        int won = 0;
        for (char c : outcomes) {
            won += c == '1' ? 1 : 0;
        }
        int played = outcomes.length;
        double p = played == 0 ? 0 : (double) won / played;
        System.out.printf(
            "{\"player\":\"anchor\",\"games\":%d,\"won\":%d,\"win_rate\":%.5f,\"seconds\":%.1f,"
                + "\"games_per_second\":%.1f,\"workers\":%d}%n",
            played, won, p, seconds, played / seconds, workers);
    }
}
