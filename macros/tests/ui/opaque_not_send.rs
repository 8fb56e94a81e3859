use seam_macros::opaque;
use std::rc::Rc;

#[opaque(Send, Sync)]
#[derive(Clone)]
pub struct Shared(Rc<u32>);

fn main() {}
