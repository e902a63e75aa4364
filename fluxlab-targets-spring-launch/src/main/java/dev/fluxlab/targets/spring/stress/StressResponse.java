package dev.fluxlab.targets.spring.stress;

import dev.fluxlab.targets.common.stress.StressWork;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/** A seed 002 endpoint's answer on every Spring target: the date as text/plain, the thread header when asked for. */
public final class StressResponse {

    private StressResponse() {
    }

    /** {@code r}'s body, with {@link StressWork#THREAD_HEADER} when {@code threadHeader}. */
    public static ResponseEntity<String> of(StressWork.Result r, boolean threadHeader) {
        ResponseEntity.BodyBuilder b = ResponseEntity.ok().contentType(MediaType.TEXT_PLAIN);
        if (threadHeader) {
            b.header(StressWork.THREAD_HEADER, r.threadHeader());
        }
        return b.body(r.body());
    }
}
