//! Each expansion snapshot's input (`tests/expand/*.rs`) compiled with the real macros,
//! over the types in `tests/expand/support/`: a snapshot shows code that builds.
//! (`src/snapshots.rs` checks that each `.expanded.rs` is what the macros emit.)

#![allow(dead_code, clippy::all)]

mod common;

mod outline_forms {
    include!("expand/support/forms.rs");
    include!("expand/outline_forms.rs");

    #[test]
    fn the_forms_snapshot_runs() {
        let t = Tensor::<2>::restore(Bridge(vec![2, 3]));
        assert_eq!(t.dims(), [2, 3]);
        let (a, b, dims) = t.split();
        assert_eq!(dims, [2, 3]);
        let [b, a] = Tensor::halves([a, b]);
        assert_eq!(b.bytes(Some(1)), (vec![2, 3], Some(1)));
        assert!(a.try_sum(1).is_ok());
        assert_eq!(crate::common::block_on(b.into_data_async()), Data(vec![2, 3]));
    }
}

mod outline_receivers_and_values {
    include!("expand/support/receivers.rs");
    include!("expand/outline_receivers_and_values.rs");

    #[test]
    fn the_receivers_snapshot_runs() {
        let mut t = Tensor::<1, Float>::zeros(vec![4], &Device);
        t.fill_(2.0);
        let u = Tensor::<1, Float>::zeros(vec![4], &Device).add(&t);
        let sum = u.sum_with(&[t], None);
        assert_eq!(sum.num_dims(), 1);
        assert_eq!(sum.as_bridge().value, 4.0);
        let data = [1.0, 2.0];
        let view = View::<2>::restore(DynView { data: &data });
        assert_eq!(*view.first(), 1.0);
        assert_eq!(crate::common::block_on(view.describe("view")), "view: 2 numbers");
    }
}

mod outline_free_and_traits {
    include!("expand/support/free_and_traits.rs");
    include!("expand/outline_free_and_traits.rs");

    #[test]
    fn the_free_and_traits_snapshot_runs() {
        assert!(open("/definitely/not/here").is_err());
        assert_eq!(crate::common::block_on(read("abc", 2u8)), b"ab".to_vec());
        let sum = Tensor::<1>::restore(Bridge(1)) + Tensor::<1>::restore(Bridge(2));
        assert_eq!(sum.as_bridge().rank(), 2);
        assert_eq!(Grid::<3>::restore(Bridge(3)).size(), 3);
        assert_eq!(cells(&Grid::<3>::restore(Bridge(2))), 6);
        assert_eq!(cells_again(&Grid::<3>::restore(Bridge(2))), 6);
    }
}

mod boundary_switch {
    include!("expand/support/switch.rs");
    include!("expand/boundary_switch.rs");

    #[test]
    fn the_switch_snapshot_runs() {
        let t = Tensor::<1>::restore(Bridge::from_inner(vec![1.0, 2.0]));
        assert_eq!(t.total(), 3.0);
        assert_eq!(crate::common::block_on(t.total_async()), 3.0);
        assert_eq!(words("a b"), 2);
        // `any()` never holds: the storage is the boundary's slots.
        assert_eq!(align_of::<Bridge>(), 64);
    }
}

mod outline_kinds {
    include!("expand/support/kinds.rs");
    include!("expand/outline_kinds.rs");

    #[test]
    fn the_kinds_snapshot_runs() {
        let whole = |v| {
            Column::<Whole>::restore(Bridge {
                tag: Tag::Whole,
                values: vec![v],
            })
        };
        assert_eq!(whole(1.5).add(whole(1.0)).into_bridge().values, [2.0]);
        let real = |v| {
            Column::<Real>::restore(Bridge {
                tag: Tag::Real,
                values: vec![v],
            })
        };
        assert_eq!(real(1.5).add(real(1.0)).into_bridge().values, [2.5]);
    }
}

mod outline_via {
    include!("expand/support/via.rs");
    include!("expand/outline_via.rs");

    #[test]
    fn the_via_snapshot_runs() {
        let row = Row::<3>::restore(Bridge(vec![1.0, 2.0, 3.0]));
        assert_eq!(row.get(-1), 3.0);
        assert_eq!(row.get(0), 1.0);
        assert_eq!(row.sum_of(&[0, 2]), 4.0);
        assert_eq!(row.last::<i32>(), 2);
        assert_eq!(row.into_bridge().len(), 3);
    }
}

mod outline_inferred {
    include!("expand/support/inferred.rs");
    include!("expand/outline_inferred.rs");

    #[test]
    fn the_inferred_snapshot_runs() {
        let mut grid = Grid::<2, Whole>::zeros([2, 3]);
        grid.grow();
        assert_eq!(grid.dims(), [4, 6]);
        assert_eq!(grid.__seam_erase().tag, Tag::Whole);
    }

    /// The generated restore checks each declared accessor in debug builds: a `Bridge`
    /// of rank 1 is no `Grid<2>`.
    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "`Grid` restored from an erased value whose `rank()` is 1, not `D` = 2")]
    fn restoring_checks_the_rank() {
        let _ = Grid::<2>::__seam_restore(Bridge {
            dims: vec![3],
            tag: Tag::Real,
        });
    }

    /// And the kind.
    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(
        expected = "`Grid` restored from an erased value whose `tag()` is Real, not `K::TAG` = Whole"
    )]
    fn restoring_checks_the_kind() {
        let _ = Grid::<1, Whole>::__seam_restore(Bridge {
            dims: vec![3],
            tag: Tag::Real,
        });
    }
}
