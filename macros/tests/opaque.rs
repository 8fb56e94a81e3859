//! `#[opaque]` at run time: storage round trips, drop runs once, layout is as
//! declared, and the traits asked for forward to the inner value.

use seam_macros::opaque;
use std::cell::Cell;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Counts its drops in a shared counter.
#[derive(Clone)]
struct Counted(Arc<AtomicUsize>, Vec<u64>);

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

#[opaque(Clone, Send, Sync)]
struct CountedBox(Counted);

#[opaque(Clone, Debug)]
struct Enum(Option<Box<[u8]>>);

#[opaque(align = 8)]
struct Small(u8);

#[opaque]
struct Zst(());

#[opaque(Debug)]
struct Interior(Rc<Cell<u32>>);

#[test]
fn drop_runs_once_and_into_inner_moves_out() {
    let drops = Arc::new(AtomicUsize::new(0));
    let a = CountedBox::from_inner(Counted(drops.clone(), vec![1, 2, 3]));
    let b = a.clone();
    assert_eq!(b.inner().1, vec![1, 2, 3]);
    drop(a);
    assert_eq!(drops.load(Ordering::SeqCst), 1);
    let inner = b.into_inner();
    assert_eq!(drops.load(Ordering::SeqCst), 1, "into_inner must not drop");
    drop(inner);
    assert_eq!(drops.load(Ordering::SeqCst), 2);
}

#[test]
fn mutation_through_inner_mut() {
    let mut e = Enum::from_inner(Some(vec![1u8, 2].into_boxed_slice()));
    e.inner_mut().as_mut().unwrap()[0] = 9;
    assert_eq!(format!("{e:?}"), "Some([9, 2])");
    *e.inner_mut() = None;
    assert_eq!(format!("{:?}", e.clone()), "None");
}

#[test]
fn layout_is_pointer_slots_at_the_declared_alignment() {
    assert_eq!(align_of::<CountedBox>(), 64);
    assert_eq!(size_of::<CountedBox>() % 64, 0);
    assert!(size_of::<CountedBox>() >= size_of::<Counted>());
    assert_eq!(align_of::<Small>(), 8);
    assert_eq!(size_of::<Small>(), 8);
    assert_eq!(size_of::<Zst>(), 0);
    let z = Zst::from_inner(());
    let () = z.into_inner();
    assert_eq!(Small::from_inner(7).into_inner(), 7);
}

#[test]
fn interior_mutability_through_a_shared_reference() {
    let shared = Rc::new(Cell::new(1));
    let i = Interior::from_inner(shared.clone());
    i.inner().set(5);
    assert_eq!(shared.get(), 5);
    assert_eq!(format!("{i:?}"), "Cell { value: 5 }");
}

#[test]
fn send_and_sync_when_asked() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<CountedBox>();
    let drops = Arc::new(AtomicUsize::new(0));
    let value = CountedBox::from_inner(Counted(drops.clone(), vec![4]));
    std::thread::spawn(move || assert_eq!(value.inner().1, vec![4]))
        .join()
        .unwrap();
    assert_eq!(drops.load(Ordering::SeqCst), 1);
}
