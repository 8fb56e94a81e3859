//! `#[opaque]` at run time: storage round trips, drop runs once, layout is as
//! declared, and the traits asked for forward to the inner value.
//!
//! Every test here also runs under Miri, with Stacked Borrows and with Tree Borrows
//! (`.ci/run`): moves, clones and drops of values that own heap memory are where a
//! storage that loses pointer provenance or alignment would be caught.

use seam_macros::opaque;
use std::cell::Cell;
use std::collections::HashSet;
use std::hash::{BuildHasher, Hash, RandomState};
use std::panic::{AssertUnwindSafe, RefUnwindSafe, UnwindSafe, catch_unwind};
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Counts its drops in a shared counter.
#[derive(Clone, Debug)]
struct Counted(Arc<AtomicUsize>, Vec<u64>);

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

#[opaque(Send, Sync)]
#[derive(Clone)]
struct CountedBox(Counted);

/// The kind of inner type a backend hands over: an enum whose variants own heap
/// memory in different ways.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
enum Heavy {
    #[default]
    Empty,
    Boxed(Box<[u8]>),
    Shared(Arc<Vec<u32>>),
    Listed(Vec<String>, u8),
}

#[opaque(Send, Sync, RefUnwindSafe)]
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
struct HeavyBox(Heavy);

#[opaque]
#[derive(Clone, Debug)]
struct Enum(Option<Box<[u8]>>);

#[opaque(align = 8)]
struct Small(u8);

#[opaque]
struct Zst(());

#[opaque]
#[derive(Debug)]
struct Interior(Rc<Cell<u32>>);

#[opaque(Send, Sync)]
struct Locked(Mutex<Vec<u32>>);

/// The same inner type twice in one crate, one with the boundary's switch on
/// (`off_if(all())`: a predicate that always holds) and one off (`off_if(any())`):
/// the switch is evaluated per item, where the using crate is compiled.
#[opaque(Send, Sync, off_if(all()))]
#[derive(Clone, Debug, PartialEq)]
struct HeavyPlain(Heavy);

#[opaque(Send, Sync, off_if(any()))]
#[derive(Clone, Debug, PartialEq)]
struct HeavyKept(Heavy);

#[test]
fn the_switch_is_the_using_crates_own() {
    // Switched on: the value itself, at its own layout. Off: slots at 64 bytes.
    assert_eq!(size_of::<HeavyPlain>(), size_of::<Heavy>());
    assert_eq!(align_of::<HeavyPlain>(), align_of::<Heavy>());
    assert_eq!(align_of::<HeavyKept>(), 64);
    assert_eq!(align_of::<HeavyKept>(), align_of::<HeavyBox>());
    fn send_sync<T: Send + Sync>() {}
    send_sync::<HeavyPlain>();
    send_sync::<HeavyKept>();
    let value = Heavy::Listed(vec!["a".into()], 3);
    let plain = HeavyPlain::from_inner(value.clone());
    let kept = HeavyKept::from_inner(value.clone());
    assert_eq!(plain.clone(), plain);
    assert_eq!(kept.clone(), kept);
    assert_eq!(format!("{plain:?}"), format!("{kept:?}"));
    assert_eq!(plain.into_inner(), kept.into_inner());
}

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
fn every_variant_survives_moves() {
    // Moves through a Vec (reallocated), a swap, a function return and a Box: the
    // pointers inside must stay valid (provenance) and aligned.
    let values = vec![
        Heavy::Empty,
        Heavy::Boxed(vec![1, 2, 3].into_boxed_slice()),
        Heavy::Shared(Arc::new(vec![7; 5])),
        Heavy::Listed(vec!["a".into(), "bc".into()], 9),
    ];
    let mut stored: Vec<HeavyBox> = Vec::new();
    for value in &values {
        stored.push(HeavyBox::from_inner(value.clone()));
    }
    stored.swap(0, 3);
    stored.swap(0, 3);
    fn pass(value: HeavyBox) -> Box<HeavyBox> {
        Box::new(value)
    }
    let moved: Vec<Box<HeavyBox>> = stored.into_iter().map(pass).collect();
    for (boxed, value) in moved.iter().zip(&values) {
        assert_eq!(boxed.inner(), value);
    }
    let back: Vec<Heavy> = moved.into_iter().map(|b| b.into_inner()).collect();
    assert_eq!(back, values);
}

#[test]
fn mutation_through_inner_mut() {
    let mut e = Enum::from_inner(Some(vec![1u8, 2].into_boxed_slice()));
    e.inner_mut().as_mut().unwrap()[0] = 9;
    assert_eq!(format!("{e:?}"), "Some([9, 2])");
    *e.inner_mut() = None;
    assert_eq!(format!("{:?}", e.clone()), "None");

    let mut h = HeavyBox::default();
    *h.inner_mut() = Heavy::Listed(vec!["x".into()], 1);
    if let Heavy::Listed(list, _) = h.inner_mut() {
        list.push("y".into());
    }
    assert_eq!(h.into_inner(), Heavy::Listed(vec!["x".into(), "y".into()], 1));
}

#[test]
fn forwarded_traits_agree_with_the_inner_value() {
    let a = HeavyBox::from_inner(Heavy::Shared(Arc::new(vec![1, 2])));
    let b = HeavyBox::from_inner(Heavy::Shared(Arc::new(vec![1, 2])));
    let c = HeavyBox::from_inner(Heavy::Boxed(vec![1].into_boxed_slice()));
    assert!(a == b && a != c);
    assert_eq!(HeavyBox::default().inner(), &Heavy::Empty);
    assert_eq!(format!("{c:?}"), "Boxed([1])");
    // `Hash` goes through `&mut dyn Hasher`; the hash must be the inner value's.
    let state = RandomState::new();
    assert_eq!(state.hash_one(&a), state.hash_one(a.inner()));
    assert_ne!(state.hash_one(&a), state.hash_one(&c));
    // clippy's `mutable_key_type` sees the storage's `UnsafeCell`; `Heavy` itself has
    // no interior mutability, so its hash cannot change behind a `&`.
    #[allow(clippy::mutable_key_type)]
    let set: HashSet<HeavyBox> = [a.clone(), b, c, a].into_iter().collect();
    assert_eq!(set.len(), 2);
    fn assert_traits<T: Clone + std::fmt::Debug + Eq + Hash + Default>() {}
    assert_traits::<HeavyBox>();
}

#[test]
fn interior_mutability_through_a_shared_reference() {
    let shared = Rc::new(Cell::new(1));
    let i = Interior::from_inner(shared.clone());
    i.inner().set(5);
    assert_eq!(shared.get(), 5);
    assert_eq!(format!("{i:?}"), "Cell { value: 5 }");

    // A `Mutex` mutated from several threads through `&Locked`.
    let locked = Locked::from_inner(Mutex::new(Vec::new()));
    std::thread::scope(|s| {
        for t in 0..3 {
            let locked = &locked;
            s.spawn(move || locked.inner().lock().unwrap().push(t));
        }
    });
    let mut seen = locked.into_inner().into_inner().unwrap();
    seen.sort();
    assert_eq!(seen, vec![0, 1, 2]);
}

#[test]
fn send_and_sync_when_asked() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<CountedBox>();
    assert_send_sync::<HeavyBox>();
    let drops = Arc::new(AtomicUsize::new(0));
    let value = CountedBox::from_inner(Counted(drops.clone(), vec![4]));
    std::thread::spawn(move || assert_eq!(value.inner().1, vec![4]))
        .join()
        .unwrap();
    assert_eq!(drops.load(Ordering::SeqCst), 1);
}

#[test]
fn unwind_safety_follows_the_request() {
    fn assert_unwind_safe<T: UnwindSafe + RefUnwindSafe>() {}
    assert_unwind_safe::<HeavyBox>();
    let h = HeavyBox::from_inner(Heavy::Boxed(vec![3].into_boxed_slice()));
    let r = catch_unwind(|| h.inner().clone());
    assert_eq!(r.unwrap(), Heavy::Boxed(vec![3].into_boxed_slice()));
}

// ---------------------------------------------------------------------------------
// Panics: a panic in the inner type's code leaves no double drop and no leak.
// ---------------------------------------------------------------------------------

static PANICKY_DROPS: AtomicUsize = AtomicUsize::new(0);

/// Panics in `clone` when asked to, and counts its drops.
#[derive(Debug)]
struct Panicky {
    fail_clone: bool,
    _heap: Box<u64>,
}

impl Clone for Panicky {
    fn clone(&self) -> Self {
        assert!(!self.fail_clone, "clone failed on purpose");
        Panicky {
            fail_clone: false,
            _heap: Box::new(1),
        }
    }
}

impl Drop for Panicky {
    fn drop(&mut self) {
        PANICKY_DROPS.fetch_add(1, Ordering::SeqCst);
    }
}

#[opaque]
#[derive(Clone, Debug)]
struct PanickyBox(Panicky);

static BOMB_DROPS: AtomicUsize = AtomicUsize::new(0);

/// Panics in `drop`, after counting it.
struct Bomb(#[allow(dead_code)] Vec<u8>);

impl Drop for Bomb {
    fn drop(&mut self) {
        BOMB_DROPS.fetch_add(1, Ordering::SeqCst);
        panic!("drop failed on purpose");
    }
}

#[opaque]
struct BombBox(Bomb);

#[test]
fn a_panicking_clone_builds_nothing_and_drops_once() {
    let original = PanickyBox::from_inner(Panicky {
        fail_clone: true,
        _heap: Box::new(0),
    });
    let result = catch_unwind(AssertUnwindSafe(|| original.clone()));
    assert!(result.is_err());
    assert_eq!(PANICKY_DROPS.load(Ordering::SeqCst), 0);
    drop(original);
    assert_eq!(PANICKY_DROPS.load(Ordering::SeqCst), 1);
}

#[test]
fn a_panicking_drop_runs_once_and_into_inner_skips_it() {
    let bomb = BombBox::from_inner(Bomb(vec![1, 2, 3]));
    let result = catch_unwind(AssertUnwindSafe(move || drop(bomb)));
    assert!(result.is_err());
    assert_eq!(BOMB_DROPS.load(Ordering::SeqCst), 1);

    // `into_inner` hands the value over without dropping it; the caller's drop is
    // the only one.
    let bomb = BombBox::from_inner(Bomb(vec![4]));
    let inner = bomb.into_inner();
    assert_eq!(BOMB_DROPS.load(Ordering::SeqCst), 1);
    let result = catch_unwind(AssertUnwindSafe(move || drop(inner)));
    assert!(result.is_err());
    assert_eq!(BOMB_DROPS.load(Ordering::SeqCst), 2);
}

// ---------------------------------------------------------------------------------
// Layout: alignments 1 to 64 (and above with `align = N`), zero-sized types, `size`.
// ---------------------------------------------------------------------------------

/// For each alignment: an inner type of that alignment, stored with the default
/// alignment (64) and with the alignment itself; both must give aligned values.
macro_rules! aligned {
    ($($align:literal => $inner:ident, $default:ident, $exact:ident;)*) => {$(
        #[derive(Clone, Copy, Debug, PartialEq)]
        #[repr(C, align($align))]
        struct $inner(u8, [u8; 3]);

        #[opaque]
        #[derive(Clone, Debug, PartialEq)]
        struct $default($inner);

        #[opaque(align = $align)]
        #[derive(Clone, Debug, PartialEq)]
        struct $exact($inner);
    )*

        #[test]
        #[allow(clippy::modulo_one)]
        fn alignments_from_1_to_64() {
            $(
                let value = $inner(7, [1, 2, 3]);
                assert_eq!(align_of::<$default>(), 64);
                assert_eq!(align_of::<$exact>(), usize::max($align, align_of::<*mut ()>()));
                assert!(size_of::<$exact>() >= size_of::<$inner>());
                let on_stack = ($default::from_inner(value), $exact::from_inner(value));
                let on_heap = vec![on_stack.clone(), on_stack.clone()];
                for (a, b) in std::iter::once(&on_stack).chain(&on_heap) {
                    assert_eq!(std::ptr::from_ref(a.inner()).addr() % $align, 0);
                    assert_eq!(std::ptr::from_ref(b.inner()).addr() % $align, 0);
                    assert_eq!(*a.inner(), value);
                    assert_eq!(*b.inner(), value);
                }
                assert_eq!(on_stack.1.into_inner(), value);
            )*
        }
    };
}

aligned! {
    1 => A1, D1, E1;
    2 => A2, D2, E2;
    4 => A4, D4, E4;
    8 => A8, D8, E8;
    16 => A16, D16, E16;
    32 => A32, D32, E32;
    64 => A64, D64, E64;
}

/// A zero-sized type of alignment 64 that counts its drops.
#[repr(align(64))]
struct AlignedZst;

static ZST_DROPS: AtomicUsize = AtomicUsize::new(0);

impl Drop for AlignedZst {
    fn drop(&mut self) {
        ZST_DROPS.fetch_add(1, Ordering::SeqCst);
    }
}

#[opaque]
struct ZstBox(AlignedZst);

/// Above the default alignment, `align = N` is needed (without it: a compile error,
/// tests/ui/opaque_align_too_small.rs).
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(align(128))]
struct A128(u8);

#[opaque(align = 128)]
#[derive(Clone)]
struct E128(A128);

#[opaque(size = 64)]
struct Sized64(Vec<u8>);

#[opaque(size = 0, align = 8)]
struct SizedZero(());

#[test]
fn layout_is_pointer_slots_at_the_declared_alignment() {
    assert_eq!(align_of::<CountedBox>(), 64);
    assert_eq!(size_of::<CountedBox>() % 64, 0);
    assert!(size_of::<CountedBox>() >= size_of::<Counted>());
    assert_eq!(align_of::<Small>(), 8);
    assert_eq!(size_of::<Small>(), 8);
    assert_eq!(size_of::<Zst>(), 0);
    assert_eq!(align_of::<E128>(), 128);
    let wide = vec![E128::from_inner(A128(1)), E128::from_inner(A128(2))];
    for (i, w) in wide.clone().iter().enumerate() {
        assert_eq!(std::ptr::from_ref(w.inner()).addr() % 128, 0);
        assert_eq!(*w.inner(), A128(i as u8 + 1));
    }
    let z = Zst::from_inner(());
    let () = z.into_inner();
    assert_eq!(Small::from_inner(7).into_inner(), 7);
    // `size = N` fixes the size, whatever the inner type's is.
    assert_eq!(size_of::<Sized64>(), 64);
    assert_eq!(Sized64::from_inner(vec![5; 3]).into_inner(), vec![5; 3]);
    assert_eq!(size_of::<SizedZero>(), 0);
    SizedZero::from_inner(()).into_inner();
}

#[test]
fn zero_sized_values_are_aligned_and_dropped_once() {
    assert_eq!(size_of::<ZstBox>(), 0);
    let boxes = vec![ZstBox::from_inner(AlignedZst), ZstBox::from_inner(AlignedZst)];
    for b in &boxes {
        assert_eq!(std::ptr::from_ref(b.inner()).addr() % 64, 0);
    }
    drop(boxes);
    assert_eq!(ZST_DROPS.load(Ordering::SeqCst), 2);
    let inner = ZstBox::from_inner(AlignedZst).into_inner();
    assert_eq!(ZST_DROPS.load(Ordering::SeqCst), 2);
    drop(inner);
    assert_eq!(ZST_DROPS.load(Ordering::SeqCst), 3);
}

// ---------------------------------------------------------------------------------
// Accessors: private to the declaring module (and its children).
// ---------------------------------------------------------------------------------

mod declaring {
    use seam_macros::opaque;

    /// A handle whose module exposes only what it chooses.
    #[opaque]
    #[derive(Debug)]
    pub struct Handle(String);

    /// The module's own constructor, which may check its input.
    pub fn make(text: &str) -> Handle {
        Handle::from_inner(text.to_uppercase())
    }

    /// Reads the value back, from inside the module.
    pub fn read(handle: &Handle) -> &str {
        handle.inner()
    }

    pub mod child {
        /// A child module sees the accessors, as Rust's privacy rules give it.
        pub fn length(handle: &super::Handle) -> usize {
            handle.inner().len()
        }
    }
}

#[test]
fn accessors_belong_to_the_declaring_module() {
    let handle = declaring::make("abc");
    assert_eq!(declaring::read(&handle), "ABC");
    assert_eq!(declaring::child::length(&handle), 3);
    // From here, `handle.inner()` is a private method: see tests/ui/opaque_private.rs.
    assert_eq!(format!("{handle:?}"), "\"ABC\"");
}

/// A canary for the leak check in `.ci/run`: forgetting a handle leaks its heap
/// value, and the leak checker must say so. Ignored in normal runs.
#[test]
#[ignore = "leaks on purpose: .ci/run checks that the leak checker catches it"]
fn leak_canary() {
    let handle = HeavyBox::from_inner(Heavy::Boxed(vec![0xAB; 4096].into_boxed_slice()));
    std::mem::forget(handle);
}

/// An inner type whose text holds braces (a block as an array length) is quoted
/// in the messages of the generated layout assertions, which are format strings:
/// it must compile, and its value must come back whole.
#[opaque(size = 8, align = 8)]
#[derive(Clone)]
struct Braced(
    [u8; {
        const LEN: usize = 2 + 2;
        LEN
    }],
);

#[test]
fn an_inner_type_written_with_braces_compiles() {
    let braced = Braced::from_inner([1, 2, 3, 4]);
    assert_eq!(braced.clone().into_inner(), [1, 2, 3, 4]);
}

/// The spelling of a few weeks ago, derived traits as arguments: it keeps compiling,
/// with a deprecation warning at each (`tests/ui/opaque_deprecated_flags.rs` shows the
/// warnings), and gives the same traits as `#[derive(..)]` does.
#[allow(deprecated)]
#[opaque(Clone, Debug, PartialEq, Send, Sync)]
struct DeprecatedFlags(Vec<u32>);

#[test]
fn derived_traits_asked_for_as_arguments_are_still_given() {
    let a = DeprecatedFlags::from_inner(vec![1, 2, 3]);
    let b = a.clone();
    assert_eq!(a, b);
    assert_ne!(a, DeprecatedFlags::from_inner(vec![4]));
    assert_eq!(format!("{b:?}"), format!("{:?}", vec![1, 2, 3]));
    fn send_sync<T: Send + Sync>(_: &T) {}
    send_sync(&a);
    assert_eq!(b.into_inner(), vec![1, 2, 3]);
}
