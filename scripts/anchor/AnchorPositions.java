// Asks the anchor of issue 19, D. N. Hill's Minesweeper solver (github.com/DavidNHill/Minesweeper,
// MIT licence), for its move on each position of a `minehint bench --dump-guesses` file, and
// prints one line per position: `GAME GUESS ROW COL`, the tile the anchor opens (or
// `GAME GUESS none` when it opens none). Only this driver is ours; scripts/anchor_positions.sh
// compiles it against a checkout of that repository, which never enters this project.

import java.io.BufferedReader;
import java.io.File;
import java.io.FileReader;
import java.io.FileWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import minesweeper.gamestate.GameStateModel;
import minesweeper.gamestate.GameStateReader;
import minesweeper.solver.Solver;
import minesweeper.solver.settings.PlayStyle;
import minesweeper.solver.settings.SettingsFactory;
import minesweeper.solver.settings.SettingsFactory.Setting;
import minesweeper.solver.settings.SolverSettings;
import minesweeper.structure.Action;

public class AnchorPositions {

    /** One position: its `#` line's game and guess numbers, and its board lines. */
    private static final class Position {
        final String game;
        final String guess;
        final List<String> lines = new ArrayList<>();

        Position(String header) {
            String[] f = header.trim().split("\\s+");
            // "# game G guess K kind ..."
            this.game = f[2];
            this.guess = f[4];
        }
    }

    private static List<Position> read(String path) throws IOException {
        List<Position> positions = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new FileReader(path))) {
            String line;
            Position current = null;
            while ((line = in.readLine()) != null) {
                if (line.startsWith("#")) {
                    current = new Position(line);
                    positions.add(current);
                } else if (current != null && !line.isEmpty()) {
                    current.lines.add(line);
                }
            }
        }
        return positions;
    }

    /** The anchor's move on one position, as `ROW COL`, or `none`. */
    private static String move(Position p, SolverSettings settings, File dir) throws Exception {
        File file = File.createTempFile("position", ".txt", dir);
        try {
            try (PrintWriter out = new PrintWriter(new FileWriter(file))) {
                for (String l : p.lines) {
                    out.println(l);
                }
            }
            GameStateModel game = GameStateReader.load(file);
            Solver solver = new Solver(game, settings, false);
            solver.setPlayStyle(PlayStyle.NO_FLAG);
            solver.start();
            for (Action a : solver.getResult()) {
                if (a.getAction() == Action.CLEAR) {
                    // The anchor counts x across and y down; rows are y.
                    return a.y + " " + a.x;
                }
            }
            return "none";
        } finally {
            file.delete();
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: AnchorPositions DUMP WORKERS");
            System.exit(2);
        }
        List<Position> positions = read(args[0]);
        int workers = Integer.parseInt(args[1]);
        SolverSettings settings = SettingsFactory.GetSettings(Setting.SMALL_ANALYSIS);
        File dir = new File(System.getProperty("java.io.tmpdir"));
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        List<Future<String>> moves = new ArrayList<>();
        for (Position p : positions) {
            moves.add(pool.submit(() -> move(p, settings, dir)));
        }
        for (int i = 0; i < positions.size(); i++) {
            Position p = positions.get(i);
            System.out.println(p.game + " " + p.guess + " " + moves.get(i).get());
        }
        pool.shutdown();
    }
}
