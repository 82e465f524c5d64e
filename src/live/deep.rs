//! The deep policy's guess, worked out beside the frame loop: `live` draws the fast advice in
//! the frame that read the board, and the deep guess when it is ready, so a slow guess never
//! delays a frame.
//!
//! One worker thread takes the newest board only: a board the player has already changed is not
//! worth finishing, so jobs that queue up behind a slow one are dropped unseen.

use crate::advice::{Guess, GuessPolicy};
use crate::pipeline::guess_with;
use crate::solver::Analysis;
use crate::vision::Reading;
use std::sync::mpsc::{channel, Receiver, Sender, TryRecvError};
use std::thread::JoinHandle;

/// A board to guess on, numbered so that its answer can be matched to it.
struct Job {
    id: u64,
    reading: Reading,
    analysis: Analysis,
}

/// The answer to job `id`: the deep guess, `None` where there is none to give.
#[derive(Clone, Debug, PartialEq)]
pub struct DeepGuess {
    pub id: u64,
    pub guess: Option<Guess>,
}

/// The worker thread and its two channels.
pub struct DeepGuesser {
    jobs: Option<Sender<Job>>,
    answers: Receiver<DeepGuess>,
    worker: Option<JoinHandle<()>>,
    next_id: u64,
}

impl DeepGuesser {
    /// Starts the worker, guessing with `policy`.
    pub fn start(policy: GuessPolicy) -> DeepGuesser {
        let (jobs, job_queue) = channel::<Job>();
        let (answer, answers) = channel();
        let worker = std::thread::Builder::new()
            .name("deep guess".into())
            .spawn(move || work(&policy, &job_queue, &answer))
            .ok();
        if worker.is_none() {
            tracing::warn!("cannot start the deep guess thread; live shows the fast guess only");
        }
        DeepGuesser {
            jobs: worker.is_some().then_some(jobs),
            answers,
            worker,
            next_id: 0,
        }
    }

    /// Asks for the guess on `reading` with its `analysis` (from [`crate::pipeline::outcome`]);
    /// the id its answer will carry, or `None` when the worker is gone.
    pub fn ask(&mut self, reading: Reading, analysis: Analysis) -> Option<u64> {
        self.next_id += 1;
        let id = self.next_id;
        let job = Job {
            id,
            reading,
            analysis,
        };
        let sent = self.jobs.as_ref()?.send(job).is_ok();
        sent.then_some(id)
    }

    /// The newest answer ready now, if any (older ones are for boards since replaced).
    pub fn ready(&mut self) -> Option<DeepGuess> {
        let mut newest = None;
        loop {
            match self.answers.try_recv() {
                Ok(answer) => newest = Some(answer),
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => return newest,
            }
        }
    }
}

impl Drop for DeepGuesser {
    fn drop(&mut self) {
        // Closing the job channel ends the worker's loop once its current guess is done.
        self.jobs = None;
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}

/// The worker's loop: the newest job waiting, its guess, until the job channel closes.
fn work(policy: &GuessPolicy, jobs: &Receiver<Job>, answers: &Sender<DeepGuess>) {
    while let Ok(mut job) = jobs.recv() {
        while let Ok(newer) = jobs.try_recv() {
            job = newer;
        }
        let guess = guess_with(&job.reading, &job.analysis, policy);
        if answers.send(DeepGuess { id: job.id, guess }).is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advice::{best_guess, testing::guesses_side_by_side};
    use std::time::{Duration, Instant};

    /// Waits (bounded) for the answer to job `id`, skipping older ones.
    fn answer_to(guesser: &mut DeepGuesser, id: u64) -> DeepGuess {
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            if let Some(answer) = guesser.ready().filter(|a| a.id == id) {
                return answer;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        panic!("no answer to job {id} within 30 s");
    }

    /// On positions where the two policies differ, the worker gives the deep policy's guess,
    /// not the fast one drawn first.
    #[test]
    fn the_worker_gives_the_policys_own_guess() {
        let deep = GuessPolicy::deep();
        let differ: Vec<_> = guesses_side_by_side(16, 30, 99, 10, &GuessPolicy::fast(), &deep)
            .into_iter()
            .filter(|(_, _, fast, deep)| fast.pos != deep.pos)
            .take(3)
            .collect();
        assert!(!differ.is_empty(), "no position where the policies differ");
        let mut guesser = DeepGuesser::start(deep.clone());
        for (board, analysis, fast, expected) in differ {
            let id = guesser
                .ask(Reading::of_board(board.clone()), analysis.clone())
                .expect("the worker runs");
            let answer = answer_to(&mut guesser, id);
            let guess = answer.guess.expect("a guess is needed");
            assert_eq!(guess.pos, expected.pos, "on\n{}", board.to_text());
            assert_ne!(guess.pos, fast.pos);
            assert_eq!(
                best_guess(&board, &analysis, analysis.mines, &deep).map(|g| g.pos),
                Some(guess.pos)
            );
        }
    }

    /// Jobs sent faster than the worker guesses: the last one is always answered, and answers
    /// come with the ids they were asked under, never one past the newest.
    #[test]
    fn the_newest_job_is_always_answered() {
        let board = crate::board::parse_board("1..\n...\n...\n").unwrap();
        let options = crate::solver::SolveOptions {
            mines: Some(2),
            ..Default::default()
        };
        let analysis = crate::solver::analyze(&board, &options).unwrap();
        let mut guesser = DeepGuesser::start(GuessPolicy::deep());
        let mut last = 0;
        for _ in 0..20 {
            last = guesser
                .ask(Reading::of_board(board.clone()), analysis.clone())
                .unwrap();
        }
        let answer = answer_to(&mut guesser, last);
        assert!(answer.guess.is_some());
        assert!(guesser.ready().is_none_or(|a| a.id <= last));
    }
}
