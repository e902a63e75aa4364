package dev.fluxlab.targets.mvc;

import dev.fluxlab.targets.spring.stress.AsyncStress;
import dev.fluxlab.targets.spring.stress.StressExecutors;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;
import org.springframework.scheduling.annotation.EnableAsync;

/**
 * The Spring MVC application of {@code mvc-tomcat}: the contract routes ({@link ContractController}), seed 002's
 * stress endpoints as MVC expresses them ({@link MvcStressController}, with the same {@code @Async} work and
 * executors as the WebFlux targets: {@link AsyncStress}, {@link StressExecutors}) and seed 003's fan-out with
 * {@code RestClient} ({@link FanOutController}). Boot's servlet auto-configuration starts embedded Tomcat.
 */
@SpringBootApplication(proxyBeanMethods = false)
@EnableAsync
@Import({StressExecutors.class, AsyncStress.class})
public class MvcApplication {
}
