//! The channel runtime's behaviour: order, deadlocks, depths, misuse.
use super::*;

fn spec(name: &str, dims: Vec<i64>, depth: usize) -> ChannelSpec {
    ChannelSpec {
        name: name.into(),
        dims,
        depth,
        bytes: 4,
    }
}

/// Runs one closure per kernel on its own thread, as the runner does.
fn run_kernels<'a>(run: &Arc<Run>, kernels: Vec<Box<dyn FnOnce() + Send + 'a>>) {
    std::thread::scope(|s| {
        for (k, kernel) in kernels.into_iter().enumerate() {
            let run = run.clone();
            s.spawn(move || {
                enter(&run, k);
                kernel();
                leave();
                run.finish(k);
            });
        }
    });
}

/// Descriptors as lower-channels writes them: `[position, bytes,
/// depth, count]` (4-byte values).
static C0_OF_2: [i64; 4] = [0, 4, 2, 2];
static C0: [i64; 4] = [0, 4, 1, 1];
static A: [i64; 4] = [0, 4, 2, 1];
static B: [i64; 4] = [1, 4, 2, 1];
static C0_OF_2_DEPTH_4: [i64; 4] = [0, 4, 4, 2];

fn write(channel: &[i64; 4], index: i64, v: u32) {
    let bytes = v.to_le_bytes();
    t2s_channel_write(channel.as_ptr() as i64, index, bytes.as_ptr() as i64, 4);
}

fn read(channel: &[i64; 4], index: i64) -> u32 {
    let mut bytes = [0u8; 4];
    t2s_channel_read(channel.as_ptr() as i64, index, bytes.as_mut_ptr() as i64, 4);
    u32::from_le_bytes(bytes)
}

#[test]
fn values_arrive_in_order_through_a_shallow_channel() {
    let run = Run::new(
        vec![spec("c", vec![2], 2)],
        &[],
        vec!["w".into(), "r".into()],
        DepthMode::Strict,
    );
    let got = Mutex::new(Vec::new());
    run_kernels(
        &run,
        vec![
            Box::new(|| (0..1000).for_each(|v| write(&C0_OF_2, v % 2, v as u32))),
            Box::new(|| {
                for v in 0..1000 {
                    got.lock().unwrap().push(read(&C0_OF_2, v % 2));
                }
            }),
        ],
    );
    assert_eq!(run.failure(), None);
    assert_eq!(*got.lock().unwrap(), (0..1000).collect::<Vec<u32>>());
}

#[test]
fn a_read_nobody_serves_is_a_deadlock_not_a_hang() {
    let run = Run::new(
        vec![spec("c", vec![], 1)],
        &[],
        vec!["w".into(), "r".into()],
        DepthMode::Unbounded,
    );
    run_kernels(
        &run,
        vec![
            Box::new(|| write(&C0, 0, 7)),
            Box::new(|| {
                read(&C0, 0);
                // Fails open: the second read returns zeros at once.
                assert_eq!(read(&C0, 0), 0);
            }),
        ],
    );
    let report = run.failure().expect("a deadlock");
    assert!(
        report.contains("kernel @r waits to read @c: empty; 1 values passed through it"),
        "{report}"
    );
    assert!(report.contains("kernel @w has finished"), "{report}");
}

#[test]
fn strict_depth_deadlocks_where_unbounded_does_not() {
    for (mode, deadlocks) in [(DepthMode::Strict, true), (DepthMode::Unbounded, false)] {
        let run = Run::new(
            vec![spec("a", vec![], 2), spec("b", vec![], 2)],
            &[],
            vec!["p".into(), "q".into()],
            mode,
        );
        run_kernels(
            &run,
            vec![
                Box::new(|| {
                    (0..4).for_each(|v| write(&A, 0, v));
                    (0..4).for_each(|v| write(&B, 0, v));
                }),
                Box::new(|| {
                    (0..4).for_each(|_| {
                        read(&B, 0);
                    });
                    (0..4).for_each(|_| {
                        read(&A, 0);
                    });
                }),
            ],
        );
        assert_eq!(run.failure().is_some(), deadlocks, "{mode:?}");
        if let Some(report) = run.failure() {
            assert!(
                report.contains("kernel @p waits to write @a: full (2 values, its depth)"),
                "{report}"
            );
        }
    }
}

#[test]
fn values_nobody_reads_fail_the_run() {
    let run = Run::new(
        vec![spec("c", vec![2], 4)],
        &[],
        vec!["w".into(), "r".into()],
        DepthMode::Strict,
    );
    run_kernels(
        &run,
        vec![
            Box::new(|| (0..3).for_each(|v| write(&C0_OF_2_DEPTH_4, 1, v))),
            Box::new(|| {
                read(&C0_OF_2_DEPTH_4, 1);
                read(&C0_OF_2_DEPTH_4, 1);
            }),
        ],
    );
    let report = run.failure().expect("values left");
    assert!(report.contains("@c[1] holds 1 values"), "{report}");
}

/// A descriptor that is not the run's channel of its position (other
/// bytes or count), or a position past the design's, is a misuse.
#[test]
fn a_descriptor_the_run_does_not_know_fails_the_run() {
    static WRONG_COUNT: [i64; 4] = [0, 4, 2, 3];
    static PAST: [i64; 4] = [5, 4, 2, 2];
    for descriptor in [&WRONG_COUNT, &PAST] {
        let run = Run::new(
            vec![spec("c", vec![2], 2)],
            &[],
            vec!["w".into()],
            DepthMode::Strict,
        );
        run_kernels(&run, vec![Box::new(|| write(descriptor, 0, 1))]);
        let report = run.failure().expect("a misuse");
        assert!(
            report.contains("kernel @w uses a channel this run does not know"),
            "{report}"
        );
    }
}

#[test]
fn a_channel_op_outside_a_run_reads_zeros() {
    let mut bytes = [9u8; 4];
    t2s_channel_read(C0.as_ptr() as i64, 0, bytes.as_mut_ptr() as i64, 4);
    assert_eq!(bytes, [0; 4]);
}

/// Many more values than a segment holds, through a channel of depth 2
/// and through one that buffers them all (unbounded): every value arrives
/// once, in order, across the segments' boundaries and their reuse.
#[test]
fn long_streams_arrive_in_order_through_many_segments() {
    for mode in [DepthMode::Strict, DepthMode::Unbounded] {
        let run = Run::new(
            vec![spec("c", vec![2], 2)],
            &[],
            vec!["w".into(), "r".into()],
            mode,
        );
        let got = Mutex::new(Vec::new());
        run_kernels(
            &run,
            vec![
                Box::new(|| (0..20_000).for_each(|v| write(&C0_OF_2, v % 2, v as u32))),
                Box::new(|| {
                    let mut g = got.lock().unwrap();
                    for v in 0..20_000 {
                        g.push(read(&C0_OF_2, v % 2));
                    }
                }),
            ],
        );
        assert_eq!(run.failure(), None, "{mode:?}");
        assert_eq!(*got.lock().unwrap(), (0..20_000).collect::<Vec<u32>>());
    }
}

/// Unbounded, the writer runs ahead by thousands of values before the
/// reader starts (a chain of segments), which the reader then drains.
#[test]
fn an_unbounded_channel_holds_a_long_backlog() {
    let run = Run::new(
        vec![spec("a", vec![], 2), spec("b", vec![], 2)],
        &[],
        vec!["p".into(), "q".into()],
        DepthMode::Unbounded,
    );
    let got = Mutex::new(Vec::new());
    run_kernels(
        &run,
        vec![
            Box::new(|| {
                (0..5000).for_each(|v| write(&A, 0, v));
                write(&B, 0, 1);
            }),
            Box::new(|| {
                read(&B, 0);
                let mut g = got.lock().unwrap();
                (0..5000).for_each(|_| g.push(read(&A, 0)));
            }),
        ],
    );
    assert_eq!(run.failure(), None);
    assert_eq!(*got.lock().unwrap(), (0..5000).collect::<Vec<u32>>());
}

/// A channel element has one writer: a second kernel writing it is a
/// misuse that fails the run (never two threads in one queue).
#[test]
fn a_second_writer_of_an_element_fails_the_run() {
    let run = Run::new(
        vec![spec("c", vec![], 8)],
        &[],
        vec!["first".into(), "second".into(), "reader".into()],
        DepthMode::Strict,
    );
    run_kernels(
        &run,
        vec![
            Box::new(|| write(&C0, 0, 1)),
            Box::new(|| {
                // After the first writer's value is in.
                while run.moved() == 0 {
                    std::thread::yield_now();
                }
                write(&C0, 0, 2);
            }),
            Box::new(|| {
                read(&C0, 0);
            }),
        ],
    );
    let report = run.failure().expect("a misuse");
    assert!(
        report.contains(
            "kernel @second writes @c, which kernel @first writes: a channel has one writer"
        ),
        "{report}"
    );
}

/// A kernel publishes its writes (fewer than a batch) before it waits: a
/// request and its answer between two kernels, one value at a time, would
/// deadlock otherwise.
#[test]
fn moves_are_published_before_a_kernel_waits() {
    let run = Run::new(
        vec![spec("request", vec![], 8), spec("answer", vec![], 8)],
        &[],
        vec!["asker".into(), "answerer".into()],
        DepthMode::Strict,
    );
    let got = Mutex::new(Vec::new());
    run_kernels(
        &run,
        vec![
            Box::new(|| {
                for v in 0..100 {
                    write(&A, 0, v);
                    got.lock().unwrap().push(read(&B, 0));
                }
            }),
            Box::new(|| {
                for _ in 0..100 {
                    let v = read(&A, 0);
                    write(&B, 0, 2 * v);
                }
            }),
        ],
    );
    assert_eq!(run.failure(), None);
    assert_eq!(
        *got.lock().unwrap(),
        (0..100).map(|v| 2 * v).collect::<Vec<_>>()
    );
}

/// A kernel that finishes publishes what it wrote: the reader, late, still
/// gets every value, and nothing is left unread.
#[test]
fn moves_are_published_when_a_kernel_finishes() {
    let run = Run::new(
        vec![spec("c", vec![], 64)],
        &[],
        vec!["w".into(), "r".into()],
        DepthMode::Strict,
    );
    static DEEP: [i64; 4] = [0, 4, 64, 1];
    let got = Mutex::new(Vec::new());
    run_kernels(
        &run,
        vec![
            Box::new(|| (0..5).for_each(|v| write(&DEEP, 0, v))),
            Box::new(|| {
                std::thread::sleep(std::time::Duration::from_millis(20));
                let values: Vec<u32> = (0..5).map(|_| read(&DEEP, 0)).collect();
                *got.lock().unwrap() = values;
            }),
        ],
    );
    assert_eq!(run.failure(), None);
    assert_eq!(*got.lock().unwrap(), vec![0, 1, 2, 3, 4]);
    assert_eq!(run.moved(), 5);
}

/// A batch published without a wake (too little for the sleeper to do)
/// still wakes it once the mover waits elsewhere: kernel 0, after kernel 1
/// fell asleep on an empty FIFO, writes one batch into it (32 values, below
/// half its depth: published, no wake) and then waits for kernel 1's
/// answer, which kernel 1 sends only after reading them. A missed wake
/// would be reported as a deadlock.
#[test]
fn a_batch_below_the_wake_threshold_still_wakes_before_its_writer_waits() {
    static DEEP: [i64; 4] = [0, 4, 256, 1];
    static BACK: [i64; 4] = [1, 4, 1, 1];
    let run = Run::new(
        vec![spec("deep", vec![], 256), spec("back", vec![], 1)],
        &[],
        vec!["w".into(), "r".into()],
        DepthMode::Strict,
    );
    let got = Mutex::new(Vec::new());
    run_kernels(
        &run,
        vec![
            Box::new(|| {
                for round in 0..5u32 {
                    std::thread::sleep(std::time::Duration::from_millis(2));
                    (0..32).for_each(|v| write(&DEEP, 0, round * 32 + v));
                    assert_eq!(read(&BACK, 0), round);
                }
            }),
            Box::new(|| {
                for round in 0..5u32 {
                    for _ in 0..32 {
                        got.lock().unwrap().push(read(&DEEP, 0));
                    }
                    write(&BACK, 0, round);
                }
            }),
        ],
    );
    assert_eq!(run.failure(), None);
    assert_eq!(*got.lock().unwrap(), (0..160).collect::<Vec<u32>>());
}
