use super::*;

fn nest(loops: &[(&str, i64)]) -> Vec<NestLoop> {
    loops
        .iter()
        .map(|(n, e)| NestLoop {
            name: n.to_string(),
            min: 0,
            extent: Linear::constant(*e),
        })
        .collect()
}

fn dep(consumer: usize, callee: usize, distance: &[i64]) -> DependenceSpec {
    DependenceSpec {
        consumer,
        callee,
        distance: distance.to_vec(),
    }
}

fn transform(space: &[&str], vector: Option<&[i64]>, check_time: bool) -> TransformSpec {
    TransformSpec {
        space: space.iter().map(|s| s.to_string()).collect(),
        vector: vector.map(|v| v.to_vec()),
        check_time,
    }
}

fn names() -> Vec<String> {
    ["A", "B", "C", "c"].iter().map(|s| s.to_string()).collect()
}

/// The A/B/C example of space-time-transform.md with I = J = K = 10 and
/// the double projection (i, j, k) => (i, j, t1) => (i, t2, t1).
fn double_projection() -> Schedule {
    // Loops outermost first: k, j, i (Halide order: i innermost).
    let loops = nest(&[("k", 10), ("j", 10), ("i", 10)]);
    let deps = vec![
        dep(0, 0, &[0, 0, 1]), // A(i-1, j, k)
        dep(1, 1, &[0, 1, 0]), // B(i, j-1, k)
        dep(2, 2, &[1, 0, 0]), // C(i, j, k-1)
        dep(2, 0, &[0, 0, 0]), // C reads A(i, j, k)
        dep(2, 1, &[0, 0, 0]), // C reads B(i, j, k)
        dep(3, 2, &[0, 0, 0]), // c reads C(i, j, k)
    ];
    let chain = [
        transform(&["i", "j"], Some(&[2, 3]), true),
        transform(&["i"], Some(&[2]), true),
    ];
    schedule(&loops, &deps, &chain, &names(), &[]).expect("the document's schedule is legal")
}

#[test]
fn double_projection_time_loops() {
    let s = double_projection();
    let time: Vec<_> = s
        .time_coordinates()
        .map(|c| (c.name.as_str(), c.min, c.extent.as_const().unwrap()))
        .collect();
    // t1 = 2i + 3j + k ranges over [0, 2*9 + 3*9 + 9] = [0, 54]: 55 steps
    // (the document's 2*I + 3*J + K - 5). t2 = 2i + j over [0, 2*9 + 9] =
    // [0, 27]: 28 steps (2*I + J - 2).
    assert_eq!(time, vec![("t1", 0, 55), ("t2", 0, 28)]);
    let space: Vec<_> = s
        .space_coordinates()
        .map(|c| (c.name.as_str(), c.extent.as_const().unwrap()))
        .collect();
    assert_eq!(space, vec![("i", 10)]);
    assert_eq!(s.steps(), ("55 * 28".to_string(), Some(55 * 28)));
    // Flattened time t = 28 * t1 + t2.
    assert_eq!(s.strides, vec![Some(28), Some(1), Some(0)]);
}

#[test]
fn double_projection_recovers_indices_in_order() {
    let s = double_projection();
    // Coordinates (t1, t2, i); original loops (k, j, i).
    // j = t2 - 2i, and k = t1 - 2i - 3j = t1 - 3*t2 + 4*i (the document).
    assert_eq!(s.recover[1], vec![0, 1, -2]);
    assert_eq!(s.recover[0], vec![1, -3, 4]);
    assert_eq!(s.recover[2], vec![0, 0, 1]);
}

#[test]
fn double_projection_time_distances() {
    let s = double_projection();
    let flat: Vec<i64> = s.dependences.iter().map(|d| d.flattened.unwrap()).collect();
    // A: T1.(0,0,1) over (k,j,i) = 2 in t1; then t2 = j + 2i moves by 2:
    //    (t1, t2) = (2, 2), flattened 2*28 + 2 = 58 (the text prints 60 once).
    // B: t1 moves by 3, t2 by 1: 3*28 + 1 = 85 (the text prints 88 once).
    // C: t1 moves by 1, t2 by 0: 28.
    assert_eq!(flat, vec![58, 85, 28, 0, 0, 0]);
    assert_eq!(s.dependences[0].coordinates, vec![2, 2, 1]);
    assert_eq!(s.dependences[1].coordinates, vec![3, 1, 0]);
    assert_eq!(s.dependences[2].coordinates, vec![1, 0, 0]);
}

#[test]
fn double_projection_register_files() {
    let s = double_projection();
    let slots: Vec<(usize, i64)> = s.registers.iter().map(|r| (r.func, r.slots)).collect();
    // srA[10][59], srB[10][86], srC[10][29]: the largest distance plus slot 0.
    assert_eq!(slots, vec![(0, 59), (1, 86), (2, 29)]);
}

#[test]
fn double_projection_minimized_channels() {
    let s = double_projection();
    // One PE (i fixed) computes at flattened times 58i + 85j + 28k: not one
    // value every s steps, so each Func gets a channel. Its depth is the
    // largest number of values the PE produces within a window of the
    // distance (inclusive of both ends: the value read and the one written at
    // the same step). The document's "1 or 3" for B looks only at j or k
    // moving alone; enumerating (j, k) pairs such as (j+1, k-3), one step
    // later, shows windows of 85 steps holding 11 values.
    let depths: Vec<Option<Storage>> = s.registers.iter().map(|r| r.minimized.clone()).collect();
    assert_eq!(
        depths,
        vec![
            Some(Storage::Channel { depth: 9 }),
            Some(Storage::Channel { depth: 11 }),
            Some(Storage::Channel { depth: 4 }),
        ]
    );
}

#[test]
fn single_projection_regular_production_uses_shift_registers() {
    // GEMM-like nest (k, j, i), space (i, j) with vector (1, 1): each PE
    // computes once per step for K consecutive steps: one value every step.
    let loops = nest(&[("k", 4), ("j", 4), ("i", 4)]);
    let deps = vec![
        dep(0, 0, &[0, 1, 0]),
        dep(1, 1, &[0, 0, 1]),
        dep(2, 2, &[1, 0, 0]),
    ];
    let s = schedule(
        &loops,
        &deps,
        &[transform(&["i", "j"], Some(&[1, 1]), true)],
        &names(),
        &[],
    )
    .unwrap();
    let t: Vec<_> = s
        .time_coordinates()
        .map(|c| c.extent.as_const().unwrap())
        .collect();
    assert_eq!(t, vec![3 + 3 + 3 + 1]);
    let files: Vec<_> = s
        .registers
        .iter()
        .map(|r| (r.max_distance, r.minimized.clone()))
        .collect();
    assert_eq!(
        files,
        vec![
            (1, Some(Storage::ShiftRegisters { every: 1, slots: 2 })),
            (1, Some(Storage::ShiftRegisters { every: 1, slots: 2 })),
            (1, Some(Storage::ShiftRegisters { every: 1, slots: 2 })),
        ]
    );
}

#[test]
fn dataflow_form_keeps_the_time_loop() {
    let loops = nest(&[("k", 4), ("j", 3), ("i", 2)]);
    let deps = vec![dep(0, 0, &[0, 1, 0]), dep(2, 2, &[1, 0, 0])];
    let s = schedule(
        &loops,
        &deps,
        &[transform(&["i", "j"], None, false)],
        &names(),
        &[],
    )
    .unwrap();
    assert!(s.dataflow);
    let time: Vec<_> = s
        .time_coordinates()
        .map(|c| (c.name.as_str(), c.extent.as_const().unwrap()))
        .collect();
    assert_eq!(time, vec![("k", 4)]);
    // Across PEs at the same step: distance 0; along k: 1.
    assert_eq!(
        s.dependences
            .iter()
            .map(|d| d.flattened.unwrap())
            .collect::<Vec<_>>(),
        vec![0, 1]
    );
}

#[test]
fn stride_two_production_shifts_every_two_steps() {
    // One value every 2 steps, read 5 steps later: shifted ceil(5/2) = 3
    // times by then, so slots 0..=3.
    assert_eq!(
        minimize(&[0, 2, 4, 6], 5),
        Storage::ShiftRegisters { every: 2, slots: 4 }
    );
    // Irregular: windows [t, t+4] hold at most 2 of {0, 1, 5, 6}.
    assert_eq!(minimize(&[0, 1, 5, 6], 4), Storage::Channel { depth: 2 });
    assert_eq!(minimize(&[0, 1, 2, 6], 4), Storage::Channel { depth: 3 });
    assert_eq!(
        minimize(&[3], 0),
        Storage::ShiftRegisters { every: 1, slots: 1 }
    );
}

#[test]
fn errors() {
    let loops = nest(&[("k", 4), ("j", 4), ("i", 4)]);
    let deps = vec![dep(0, 0, &[0, 0, 1])];
    let run = |chain: &[TransformSpec]| schedule(&loops, &deps, chain, &names(), &[]).unwrap_err();
    assert!(matches!(
        run(&[transform(&["k", "i"], None, false)]),
        ScheduleError::NotInnermost { .. }
    ));
    assert!(matches!(
        run(&[transform(&["i", "k"], None, false)]),
        ScheduleError::NotInnermost { .. }
    ));
    assert!(matches!(
        run(&[transform(&["x"], None, false)]),
        ScheduleError::UnknownLoop { .. }
    ));
    assert!(matches!(
        run(&[transform(&["i", "i"], None, false)]),
        ScheduleError::DuplicateLoop { .. }
    ));
    assert!(matches!(
        run(&[transform(&["i", "j"], Some(&[1]), false)]),
        ScheduleError::VectorLength { .. }
    ));
    assert!(matches!(
        run(&[transform(&["i", "j", "k"], Some(&[1, 1, 1]), false)]),
        ScheduleError::NoTimeLoop { .. }
    ));
    // A's dependence along i: T.d = 0 with the vector (0) for i.
    match run(&[transform(&["i"], Some(&[0]), false)]) {
        ScheduleError::Violated {
            time_distance,
            callee,
            ..
        } => {
            assert_eq!(time_distance, 0);
            assert_eq!(callee, "A");
        }
        e => panic!("{e:?}"),
    }
    assert!(matches!(
        run(&[transform(&["i"], Some(&[-1]), false)]),
        ScheduleError::Violated {
            time_distance: -1,
            ..
        }
    ));
    assert!(matches!(
        run(&[
            transform(&["i"], None, false),
            transform(&["i"], None, false)
        ]),
        ScheduleError::NotSubset { .. }
    ));
    assert!(matches!(
        run(&[
            transform(&["i", "j"], Some(&[1, 1]), false),
            transform(&["t1"], None, false)
        ]),
        ScheduleError::UnknownLoop { .. }
            | ScheduleError::NotInnermost { .. }
            | ScheduleError::NotSubset { .. }
    ));
    let bad = nest(&[("k", 0), ("i", 4)]);
    assert!(matches!(
        schedule(&bad, &[], &[], &names(), &[]).unwrap_err(),
        ScheduleError::BadBounds { .. }
    ));
}

fn symbolic_nest(loops: &[(&str, &str)]) -> Vec<NestLoop> {
    loops
        .iter()
        .map(|(n, p)| NestLoop {
            name: n.to_string(),
            min: 0,
            extent: Linear::param(p),
        })
        .collect()
}

fn maxima(values: &[(&str, i64)]) -> Vec<ParamDecl> {
    ["I", "J", "K", "N"]
        .iter()
        .map(|p| ParamDecl {
            name: p.to_string(),
            max: values.iter().find(|(q, _)| q == p).map(|(_, v)| *v),
        })
        .collect()
}

#[test]
fn symbolic_double_projection_derives_the_documents_bounds() {
    // (i, j, k) => (i, j, t1) => (i, t2, t1), t1 = 2i + 3j + k, t2 = 2i + j.
    // t1 ranges over [0, 2(I-1) + 3(J-1) + (K-1)]: extent 2I + 3J + K - 5.
    // t2 ranges over [0, 2(I-1) + (J-1)]: extent 2I + J - 2.
    let loops = symbolic_nest(&[("k", "K"), ("j", "J"), ("i", "I")]);
    let deps = vec![
        dep(0, 0, &[0, 0, 1]),
        dep(1, 1, &[0, 1, 0]),
        dep(2, 2, &[1, 0, 0]),
    ];
    let chain = [
        transform(&["i", "j"], Some(&[2, 3]), true),
        transform(&["i"], Some(&[2]), false),
    ];
    let s = schedule(
        &loops,
        &deps,
        &chain,
        &names(),
        &maxima(&[("I", 4), ("J", 8)]),
    )
    .unwrap();
    let time: Vec<String> = s
        .time_coordinates()
        .map(|c| format!("{} in [{}, {})", c.name, c.min, c.extent))
        .collect();
    assert_eq!(
        time,
        ["t1 in [0, 2*I + 3*J + K - 5)", "t2 in [0, 2*I + J - 2)"]
    );
    let space: Vec<_> = s
        .space_coordinates()
        .map(|c| (c.name.as_str(), c.max_extent))
        .collect();
    assert_eq!(space, [("i", Some(4))]);
    // Strides: t2's extent at the maxima is 2*4 + 8 - 2 = 14.
    assert_eq!(s.strides, [None, Some(1), Some(0)]);
    assert_eq!(s.max_strides, [Some(14), Some(1), Some(0)]);
    // The dependences over (k, j, i): A along i, (t1, t2) distance (2, 2),
    // 2*14 + 2 = 30 steps at most; B along j, (3, 1), 43; C along k,
    // (1, 0), 14.
    let d: Vec<_> = s
        .dependences
        .iter()
        .map(|d| (d.flattened, d.max_flattened, d.coordinates.clone()))
        .collect();
    assert_eq!(
        d,
        [
            (None, Some(30), vec![2, 2, 1]),
            (None, Some(43), vec![3, 1, 0]),
            (None, Some(14), vec![1, 0, 0]),
        ]
    );
    let slots: Vec<_> = s
        .registers
        .iter()
        .map(|r| (r.slots, r.minimized.clone()))
        .collect();
    assert_eq!(slots, [(31, None), (44, None), (15, None)]);
    assert_eq!(s.steps().0, "(2*I + 3*J + K - 5) * (2*I + J - 2)");
}

#[test]
fn symbolic_outer_time_keeps_constant_delays() {
    // FIR-like: space k (K taps, max 8), time t = k + n over N outputs.
    let loops = symbolic_nest(&[("n", "N"), ("k", "K")]);
    let deps = vec![dep(0, 0, &[1, 0]), dep(1, 1, &[0, 1])];
    let s = schedule(
        &loops,
        &deps,
        &[transform(&["k"], Some(&[1]), true)],
        &names(),
        &maxima(&[("K", 8)]),
    )
    .unwrap();
    let t: Vec<String> = s.time_coordinates().map(|c| c.extent.to_string()).collect();
    assert_eq!(t, ["K + N - 1"]);
    let flat: Vec<_> = s.dependences.iter().map(|d| d.flattened).collect();
    assert_eq!(flat, [Some(1), Some(1)]);
}

#[test]
fn symbolic_extents_that_cannot_be_built() {
    let loops = symbolic_nest(&[("n", "N"), ("k", "K")]);
    let deps = vec![dep(0, 0, &[1, 0]), dep(1, 1, &[0, 1])];
    let run = |chain: &[TransformSpec], m: &[(&str, i64)]| {
        schedule(&loops, &deps, chain, &names(), &maxima(m)).unwrap_err()
    };
    // A space loop of symbolic extent without a max.
    let e = run(&[transform(&["k"], Some(&[1]), true)], &[]);
    assert!(matches!(e, ScheduleError::SymbolicSpace { ref param, .. } if param == "K"));
    // A negative coefficient on a loop of symbolic extent.
    let e = run(&[transform(&["k"], Some(&[-1]), true)], &[("K", 8)]);
    assert!(matches!(
        e,
        ScheduleError::NegativeOnSymbolic {
            coefficient: -1,
            ..
        }
    ));
    // A delay spanning a time loop whose extent has no max.
    let loops3 = symbolic_nest(&[("k", "K"), ("j", "J"), ("i", "I")]);
    let deps3 = vec![dep(1, 1, &[0, 1, 0])];
    let chain = [
        transform(&["i", "j"], Some(&[2, 3]), true),
        transform(&["i"], Some(&[2]), false),
    ];
    let e = schedule(&loops3, &deps3, &chain, &names(), &maxima(&[("I", 4)])).unwrap_err();
    assert!(
        matches!(e, ScheduleError::UnsizedRegister { dependence: 0, ref param, .. } if param == "J")
            && e.to_string()
                .contains("spans time loop 't2' of extent 2*I + J - 2"),
        "{e}"
    );
}

#[test]
fn a_dependence_that_never_connects_two_points_constrains_nothing() {
    // Loops k (4), i (2): a read of A(i - 2, k) never stays inside (i has
    // 2 values). With t = k - i it would be read 2 steps late; it is no
    // dependence, so the schedule stands. A(i - 1, k) is one, and refuses it.
    let loops = nest(&[("k", 4), ("i", 2)]);
    let chain = [transform(&["i"], Some(&[-1]), false)];
    let never = [dep(0, 0, &[0, 2])];
    assert!(schedule(&loops, &never, &chain, &names(), &[]).is_ok());
    let real = [dep(0, 0, &[0, 1])];
    assert!(matches!(
        schedule(&loops, &real, &chain, &names(), &[]),
        Err(ScheduleError::Violated { .. })
    ));
    // The same read on a loop of 3 values does connect points.
    let loops = nest(&[("k", 4), ("i", 3)]);
    assert!(schedule(&loops, &never, &chain, &names(), &[]).is_err());
}

#[test]
fn schedules_report_the_largest_stretch() {
    // t1 = k + 3 i + j over k < 4, j < 5, i < 2: the coefficient 3 of i
    // adds 3, the coefficient 1 of j adds 4 (the larger).
    let loops = nest(&[("k", 4), ("j", 5), ("i", 2)]);
    let chain = [transform(&["j", "i"], Some(&[1, 3]), false)];
    let s = schedule(&loops, &[], &chain, &names(), &[]).expect("legal");
    let stretch = s.stretch.clone().expect("a vector stretches");
    assert_eq!(
        (stretch.space.as_str(), stretch.coefficient, stretch.steps),
        ("j", 1, 4)
    );
    assert_eq!(stretch.time, "t1");
    // 4 + 3 + 4 = 11 steps (t1 in [0, 10]) on 10 PEs for 40 points.
    assert_eq!(s.work(), Some((11, 10)));
    assert!(s.idle(40).is_none());
    // With i's coefficient 300: 4 + 300 + 4 = 308 steps x 10 PEs over 40
    // points is 77 per point, above the factor of 64.
    let chain = [transform(&["j", "i"], Some(&[1, 300]), false)];
    let s = schedule(&loops, &[], &chain, &names(), &[]).expect("legal");
    let idle = s.idle(40).expect("idle");
    assert_eq!((idle.steps, idle.pes, idle.factor()), (308, 10, 77));
    assert_eq!(
        idle.stretch.map(|s| (s.space, s.coefficient, s.steps)),
        Some(("i".to_string(), 300, 300))
    );
}

/// T2S's `space_time_transform(jjj, iii)` with `kkk` innermost: `kkk` runs
/// inside each PE, a space loop with no scheduling coefficient, and a
/// reduction along it needs no time distance.
#[test]
fn loops_inside_the_pe() {
    // Loops outermost first: k, i, j, kk (kk innermost, inside the PE).
    let loops = nest(&[("k", 4), ("i", 3), ("j", 2), ("kk", 5)]);
    let deps = vec![
        dep(0, 0, &[0, 0, 1, 0]),  // a(j - 1): along a space loop
        dep(1, 1, &[0, 0, 0, 1]),  // c(kk - 1): along the loop inside
        dep(1, 1, &[1, 0, 0, -4]), // c(kk + 4, k - 1): the previous step
    ];
    let run = |chain: &[TransformSpec]| schedule(&loops, &deps, chain, &names(), &[]);
    let s = run(&[transform(&["j", "i"], Some(&[1, 1]), false)]).expect("legal");
    assert_eq!(s.inside, vec!["kk".to_string()]);
    let space: Vec<_> = s.space_coordinates().map(|c| c.name.as_str()).collect();
    assert_eq!(space, vec!["i", "j", "kk"]);
    // t1 = k + i + j: the loop inside the PE adds no time.
    let time: Vec<_> = s
        .time_coordinates()
        .map(|c| (c.extent.as_const().unwrap(), c.min))
        .collect();
    assert_eq!(time, vec![(4 + 2 + 1, 0)]);
    // The dataflow form takes it too.
    assert_eq!(
        run(&[transform(&["j", "i"], None, false)])
            .unwrap()
            .inside
            .len(),
        1
    );
    // A read of a later iteration of the loop inside, in the same step.
    let later = vec![dep(1, 1, &[0, 0, 0, -1])];
    let err = schedule(
        &loops,
        &later,
        &[transform(&["j", "i"], Some(&[1, 1]), false)],
        &names(),
        &[],
    )
    .unwrap_err();
    assert!(
        matches!(
            err,
            ScheduleError::Violated {
                time_distance: 0,
                ..
            }
        ),
        "{err:?}"
    );
    // A same-step read along a space loop stays illegal with a vector.
    let across = vec![dep(0, 0, &[0, 1, 0, 1])];
    assert!(matches!(
        schedule(
            &loops,
            &across,
            &[transform(&["j", "i"], Some(&[1, 0]), false)],
            &names(),
            &[]
        ),
        Err(ScheduleError::Violated { .. })
    ));
    // A chain keeps the loops inside the PE of its first transform.
    let chain = run(&[
        transform(&["j", "i"], Some(&[1, 1]), false),
        transform(&["j"], Some(&[1]), false),
    ])
    .expect("legal chain");
    assert_eq!(chain.inside, vec!["kk".to_string()]);
    assert!(matches!(
        run(&[
            transform(&["j", "i"], Some(&[1, 1]), false),
            transform(&["i"], Some(&[1]), false),
        ]),
        Err(ScheduleError::NotInnermost { .. })
    ));
}
