//! The vision layer's second stage, a found grid → the classifier's verdict on each distinct
//! look: the grid's lines put on the tiles' edges, the cells sampled into the classifier's
//! input, the CNN and the classes it tells apart, three more looks at the numbers it is unsure of
//! (moved a pixel, closer, by their shapes), and the verdicts a live game keeps from frame to
//! frame.

pub mod cache;
pub mod classes;
pub mod classify;
pub mod lines;
pub mod second_look;
pub mod shape_look;
pub mod tiles;
pub mod zoom_look;
