package serialbench.input

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Timeout
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.CsvSource
import serialbench.TestOrder
import serialbench.results.DataChange
import java.util.concurrent.TimeUnit

@Order(TestOrder.UNIT)
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class JsonDifferenceTest {
    @ParameterizedTest(name = "{0} and {1}")
    @CsvSource(
        delimiter = '|',
        quoteCharacter = '`',
        value = [
            """`{"a": 1, "b": [1.0, 1e2, "x", true, null]}`|`{"b": [1, 100, "x", true, null], "a": 1.00}`""",
            """`[-0.0]`|`[-0]`""",
            """`["\u00e9"]`|`["é"]`""",
            """`[12345678901234567890]`|`[1.2345678901234567890E19]`""",
        ],
    )
    fun `documents equal as data have no difference, whatever their number forms and key order`(
        expected: String,
        actual: String,
    ) {
        assertThat(difference(expected, actual)).isNull()
    }

    @ParameterizedTest(name = "{0} became {1}")
    @CsvSource(
        delimiter = '|',
        quoteCharacter = '`',
        value = [
            """`{"orders": [{"price": 1}, {"price": 0.1}]}`|`{"orders": [{"price": 1}, {"price": 0.10000000000000001}]}`|$.orders[1].price|0.1 became 0.10000000000000001|1""",
            """`[12345678901234567890, 9007199254740993]`|`[1.2345678901234567E19, 9007199254740992]`|$[0]|12345678901234567890 became 1.2345678901234567E19|2""",
            """`[-0.0]`|`[0.0]`|$[0]|-0.0 became 0.0|1""",
            """`{"a": null, "b": 1}`|`{"b": 1}`|$.a|null became absent|1""",
            """`{"a": 1}`|`{"a": 1, "z": [2]}`|$.z|absent became [2]|1""",
            """`[1, 2, 3]`|`[1, 2]`|$[2]|3 became absent|1""",
            """`{"a b": {"it's": 1}}`|`{"a b": {"it's": "1"}}`|$['a b']['it\'s']|1 became "1"|1""",
            """`[1e400]`|`["Infinity"]`|$[0]|1e400 became "Infinity"|1""",
            """`[true]`|`[1]`|$[0]|true became 1|1""",
            """`[null]`|`[0]`|$[0]|null became 0|1""",
            """`{"s": "abc"}`|`{"s": "abd"}`|$.s|"abc" became "abd"|1""",
            """`[{"long": "0123456789012345678901234567890123456789012345678901234567890123456789"}]`|`[1]`|$[0]|{"long":"012345678901234567890123456789012345678901234567... became 1|1""",
        ],
    )
    fun `the first difference is named by its path, and all are counted`(
        expected: String,
        actual: String,
        path: String,
        description: String,
        count: Int,
    ) {
        assertThat(difference(expected, actual)).isEqualTo(DataChange(path, description, count))
    }

    private fun difference(expected: String, actual: String) =
        JsonDifference.of(StrictJsonReader(expected).readDocument(), StrictJsonReader(actual).readDocument())
}
