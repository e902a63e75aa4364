package dev.fluxlab.runner.drive;

import dev.fluxlab.model.contract.LoadArgs;
import dev.fluxlab.model.warmup.WarmupPolicy;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SelfLoadDriverTest {

    /** A cold self-loading target gets its least warm-up too (docs/contracts.md lists --warmup-min), nothing it lacks. */
    @Test
    void aSelfLoadingTargetGetsTheWarmUpPolicyWholeAndTheRequestPath() {
        LoadArgs args = LoadArgs.builder().connections(3).duration(Duration.ofSeconds(4))
                .warmup(WarmupPolicy.auto(Duration.ofSeconds(6), Duration.ofSeconds(20))).watchPids(List.of(42L))
                .expectStatus(200).progress("machine").build();
        assertEquals(List.of("--connections=3", "--duration=4s", "--warmup=auto", "--warmup-max=20s", "--warmup-min=6s",
                "--expect-status=200", "--progress=machine", "--path=/json"), SelfLoadDriver.flags(args, "/json"));
    }
}
