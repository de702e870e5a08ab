package serialbench.parallel.spring

import kotlinx.serialization.json.Json
import org.springframework.beans.factory.ObjectProvider
import org.springframework.boot.autoconfigure.AutoConfiguration
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean
import org.springframework.context.annotation.Bean
import org.springframework.http.converter.json.KotlinSerializationJsonHttpMessageConverter
import serialbench.parallel.ParallelJson

/**
 * Spring Boot's kotlinx JSON converter replaced by [ParallelJsonHttpMessageConverter]: with this module on the
 * classpath, `List<T>` bodies of `@Serializable` types are read and written on several threads, with the bytes
 * and failures Spring's own converter gives. It uses the application's [Json] bean if there is one (Spring Boot
 * makes it from `spring.kotlinx.serialization.json.*`), else `Json.Default`, and its [ParallelJson] bean if there
 * is one, else one over that `Json` on the process-wide pool (closed with the context).
 */
@AutoConfiguration(
    afterName = [
        "org.springframework.boot.kotlinx.serialization.json.autoconfigure.KotlinxSerializationJsonAutoConfiguration",
    ],
    beforeName = ["org.springframework.boot.http.converter.autoconfigure.HttpMessageConvertersAutoConfiguration"],
)
@ConditionalOnClass(Json::class, KotlinSerializationJsonHttpMessageConverter::class)
public class ParallelJsonAutoConfiguration {
    /** A [ParallelJson] over the application's [Json], unless the application declares its own. */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean
    public fun parallelJson(json: ObjectProvider<Json>): ParallelJson =
        ParallelJson(json.getIfAvailable { Json.Default })

    /** The converter, in the place of Spring's own kotlinx converter, unless the application declares one. */
    @Bean
    @ConditionalOnMissingBean(KotlinSerializationJsonHttpMessageConverter::class)
    public fun parallelJsonHttpMessageConverter(parallelJson: ParallelJson): ParallelJsonHttpMessageConverter =
        ParallelJsonHttpMessageConverter(parallelJson)
}
