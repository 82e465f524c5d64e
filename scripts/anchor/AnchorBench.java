// Drives the anchor of issue 19, D. N. Hill's Minesweeper solver (github.com/DavidNHill/Minesweeper,
// MIT licence), the way `minehint bench` plays: one board size, one first-click rule, a seed, a
// number of games and workers; prints one JSON line with the games won and the games per second.
// Only this driver is ours: scripts/anchor.sh compiles it against a checkout of that repository,
// which never enters this project.

import java.util.Random;

import minesweeper.settings.GameSettings;
import minesweeper.settings.GameType;
import minesweeper.solver.bulk.BulkEventGame;
import minesweeper.solver.bulk.BulkEventMain;
import minesweeper.solver.bulk.BulkPlayer;
import minesweeper.solver.settings.PlayStyle;
import minesweeper.solver.settings.SettingsFactory;
import minesweeper.solver.settings.SettingsFactory.Setting;
import minesweeper.solver.settings.SolverSettings;

public class AnchorBench {

    private static GameSettings board(String name) {
        switch (name) {
            case "beginner": return GameSettings.BEGINNER;
            case "intermediate": return GameSettings.ADVANCED;
            case "expert": return GameSettings.EXPERT;
            default: throw new IllegalArgumentException("board: beginner, intermediate or expert, not " + name);
        }
    }

    public static void main(String[] args) {
        if (args.length != 5) {
            System.err.println("usage: AnchorBench BOARD safe|zero GAMES WORKERS SEED");
            System.exit(2);
        }
        GameSettings settings = board(args[0]);
        // The anchor's own rules: a safe first click goes in the corner (0, 0); a zero start
        // where its zero-start game puts it.
        GameType type = args[1].equals("zero") ? GameType.EASY : GameType.STANDARD;
        int games = Integer.parseInt(args[2]);
        int workers = Integer.parseInt(args[3]);
        long seed = Long.parseLong(args[4]);

        SolverSettings solver = SettingsFactory.GetSettings(Setting.SMALL_ANALYSIS);
        BulkPlayer player = new BulkPlayer(new Random(seed), games, type, settings, solver, workers, 1000);
        player.setPlayStyle(PlayStyle.NO_FLAG);
        long start = System.nanoTime();
        player.run();
        double seconds = (System.nanoTime() - start) / 1e9;

        BulkEventGame result = player.getResults().getGameEvents()[0];
        int played = result.getGamesPlayed();
        int won = result.getGamesWon();
        double p = played == 0 ? 0 : (double) won / played;
        double half = 1.96 * Math.sqrt(p * (1 - p) / Math.max(played, 1));
        System.out.printf(
            "{\"player\":\"anchor\",\"board\":\"%s\",\"first_click\":\"%s\",\"games\":%d,\"won\":%d,"
                + "\"win_rate\":%.5f,\"interval_95\":%.5f,\"seconds\":%.1f,\"games_per_second\":%.1f,"
                + "\"workers\":%d,\"seed\":%d}%n",
            args[0], args[1], played, won, p, half, seconds, played / seconds, workers, seed);
    }
}
