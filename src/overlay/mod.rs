//! Moves → pixels: the marks the player sees, drawn on any [`Canvas`]: a screenshot for
//! `advise --out`, or the live overlay (a transparent window or layer surface over the board, or
//! a panel beside the game where the desktop cannot show transparency).

pub mod annotated;
#[cfg(feature = "desktop")]
pub mod backend;
pub mod canvas;
pub mod draw;
pub mod font;
#[cfg(all(feature = "desktop", target_os = "linux"))]
mod layer;
pub mod marks;
#[cfg(feature = "desktop")]
mod nudge;
pub mod panel;
pub mod picture;
pub mod premul;
pub mod scene;
#[cfg(all(feature = "desktop", target_os = "linux"))]
mod stacking;
#[cfg(all(feature = "desktop", target_os = "linux"))]
mod sway;
#[cfg(feature = "desktop")]
pub mod window;

pub use annotated::annotate;
#[cfg(feature = "desktop")]
pub use backend::{open_overlay, Overlay, OverlaySender};
pub use canvas::{Canvas, Rgba};
pub use draw::draw_marks;
pub use marks::Marks;
pub use picture::Picture;
pub use scene::{Layout, Scene, ScreenRect};
#[cfg(feature = "desktop")]
pub use window::{OverlayError, UiEvent};
