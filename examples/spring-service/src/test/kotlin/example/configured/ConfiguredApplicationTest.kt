package example.configured

import example.spring.OrdersApplication
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertSame
import org.junit.jupiter.api.Test
import org.springframework.beans.factory.annotation.Autowired
import org.springframework.boot.test.context.SpringBootTest
import org.springframework.http.converter.HttpMessageConverter
import serialbench.parallel.ParallelJson
import serialbench.parallel.spring.ParallelJsonHttpMessageConverter
import java.util.concurrent.Executor

@SpringBootTest(classes = [OrdersApplication::class, ParallelJsonConfiguration::class])
class ConfiguredApplicationTest {
    @Autowired
    private lateinit var parallelJson: ParallelJson

    @Autowired
    private lateinit var executor: Executor

    @Autowired
    private lateinit var converters: List<HttpMessageConverter<*>>

    @Test
    fun `the README's ParallelJson bean starts with the application, on its executor, beside the converter`() {
        assertEquals(4, parallelJson.parallelism)
        assertSame(executor, parallelJson.executor)
        assertEquals(1, converters.count { it is ParallelJsonHttpMessageConverter }) { "converters: $converters" }
    }
}
