package example.configured

import kotlinx.serialization.json.Json
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import serialbench.parallel.ParallelJson
import java.util.concurrent.Executor

/**
 * The configuration parallel-json-spring/README.md shows: a ParallelJson bean on the application's `Json` and
 * executor. Outside `example.spring`, so OrdersApplication, configured by the auto-configuration alone, does not
 * scan it; ConfiguredApplicationTest starts the application with it.
 */
@Configuration
class ParallelJsonConfiguration {
    @Bean
    fun parallelJson(json: Json, executor: Executor): ParallelJson = ParallelJson(json) {
        parallelism = 4
        this.executor = executor
    }
}
