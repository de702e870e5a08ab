package serialbench.results

import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Order
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Timeout
import serialbench.TestOrder
import serialbench.report.ReportFixtures
import java.util.concurrent.TimeUnit

/** The results in other tools' formats: JMH's JSON and a flat CSV, each against literal text. */
@Order(TestOrder.UNIT)
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ToolFormatsTest {
    private val measured = ReportFixtures.row(
        "kotlinx-json",
        "kotlinx Json",
        Operation.SERIALIZE,
        3,
        250.0,
        120,
        ratio = 1.0,
    ).copy(
        shape = "file:orders.json",
        repetitions = 4,
        minNanos = 100,
        maxNanos = 400,
        errorNanos = 10.0,
        forks = 2,
        forkMeansNanos = listOf(150.0, 350.0),
        durationsNanos = listOf(listOf(100, 200), listOf(300, 400)),
        dataChange = DataChange("$[0].price", "0.1 became \"0.1\", a string", 2),
    )
    private val legacy = ReportFixtures.row(
        "gson",
        "Gson",
        Operation.DESERIALIZE,
        10,
        2_000.0,
        13_460,
    ).copy(errorNanos = null)
    private val results = ReportFixtures.results.copy(
        environment = ReportFixtures.environment.copy(
            jvmPath = "/usr/lib/jvm/java-17/bin/java",
            jdkVersion = "17.0.15",
            vmName = "OpenJDK 64-Bit Server VM",
            vmVersion = "17.0.15+6",
        ),
        results = listOf(measured, legacy),
    )

    @Test
    fun `JMH's format has JMH's fields per row, interpolated percentiles, GC profiler allocation and JMH's NaNs`() {
        assertThat(JmhFormat.render(results)).isEqualTo(
            """
            [
                {
                    "jmhVersion": "1.37",
                    "benchmark": "serialbench.kotlinx-json.serialize",
                    "mode": "avgt",
                    "threads": 1,
                    "forks": 2,
                    "jvm": "/usr/lib/jvm/java-17/bin/java",
                    "jvmArgs": [
                        "-Xmx8g",
                        "-XX:+UseG1GC"
                    ],
                    "jdkVersion": "17.0.15",
                    "vmName": "OpenJDK 64-Bit Server VM",
                    "vmVersion": "17.0.15+6",
                    "warmupIterations": 10,
                    "warmupTime": "500 ms",
                    "warmupBatchSize": 1,
                    "measurementIterations": 100,
                    "measurementTime": "single call",
                    "measurementBatchSize": 1,
                    "params": {
                        "codec": "kotlinx-json",
                        "shape": "file:orders.json",
                        "size": "3"
                    },
                    "primaryMetric": {
                        "score": 250.0,
                        "scoreError": 10.0,
                        "scoreConfidence": [
                            240.0,
                            260.0
                        ],
                        "scorePercentiles": {
                            "0.0": 100.0,
                            "50.0": 250.0,
                            "90.0": 370.0,
                            "95.0": 385.0,
                            "99.0": 397.0,
                            "99.9": 399.70000000000005,
                            "99.99": 399.96999999999997,
                            "99.999": 399.99699999999996,
                            "99.9999": 399.9997,
                            "100.0": 400.0
                        },
                        "scoreUnit": "ns/op",
                        "rawData": [
                            [
                                100.0,
                                200.0
                            ],
                            [
                                300.0,
                                400.0
                            ]
                        ]
                    },
                    "secondaryMetrics": {
                        "gc.alloc.rate.norm": {
                            "score": 360.0,
                            "scoreError": "NaN",
                            "scoreConfidence": [
                                "NaN",
                                "NaN"
                            ],
                            "scorePercentiles": {
                                "0.0": 360.0,
                                "50.0": 360.0,
                                "90.0": 360.0,
                                "95.0": 360.0,
                                "99.0": 360.0,
                                "99.9": 360.0,
                                "99.99": 360.0,
                                "99.999": 360.0,
                                "99.9999": 360.0,
                                "100.0": 360.0
                            },
                            "scoreUnit": "B/op",
                            "rawData": [
                                [
                                    360.0
                                ]
                            ]
                        }
                    }
                },
                {
                    "jmhVersion": "1.37",
                    "benchmark": "serialbench.gson.deserialize",
                    "mode": "avgt",
                    "threads": 1,
                    "forks": 0,
                    "jvm": "/usr/lib/jvm/java-17/bin/java",
                    "jvmArgs": [
                        "-Xmx8g",
                        "-XX:+UseG1GC"
                    ],
                    "jdkVersion": "17.0.15",
                    "vmName": "OpenJDK 64-Bit Server VM",
                    "vmVersion": "17.0.15+6",
                    "warmupIterations": 10,
                    "warmupTime": "500 ms",
                    "warmupBatchSize": 1,
                    "measurementIterations": 100,
                    "measurementTime": "single call",
                    "measurementBatchSize": 1,
                    "params": {
                        "codec": "gson",
                        "shape": "flat",
                        "size": "10"
                    },
                    "primaryMetric": {
                        "score": 2000.0,
                        "scoreError": "NaN",
                        "scoreConfidence": [
                            "NaN",
                            "NaN"
                        ],
                        "scorePercentiles": {
                            "0.0": 1999.0,
                            "50.0": 2000.0,
                            "90.0": 2200.0,
                            "95.0": "NaN",
                            "99.0": 2400.0,
                            "99.9": "NaN",
                            "99.99": "NaN",
                            "99.999": "NaN",
                            "99.9999": "NaN",
                            "100.0": 2001.0
                        },
                        "scoreUnit": "ns/op",
                        "rawData": []
                    },
                    "secondaryMetrics": {
                        "gc.alloc.rate.norm": {
                            "score": 40380.0,
                            "scoreError": "NaN",
                            "scoreConfidence": [
                                "NaN",
                                "NaN"
                            ],
                            "scorePercentiles": {
                                "0.0": 40380.0,
                                "50.0": 40380.0,
                                "90.0": 40380.0,
                                "95.0": 40380.0,
                                "99.0": 40380.0,
                                "99.9": 40380.0,
                                "99.99": 40380.0,
                                "99.999": 40380.0,
                                "99.9999": 40380.0,
                                "100.0": 40380.0
                            },
                            "scoreUnit": "B/op",
                            "rawData": [
                                [
                                    40380.0
                                ]
                            ]
                        }
                    }
                }
            ]
            """.trimIndent(),
        )
    }

    @Test
    fun `a row that did not measure allocation has no allocation metric`() {
        val entry = kotlinx.serialization.json.Json.parseToJsonElement(
            JmhFormat.render(results.copy(results = listOf(legacy.copy(allocatedBytesPerOp = null)))),
        )
        assertThat(entry.toString()).contains("\"secondaryMetrics\":{}").doesNotContain("gc.alloc.rate.norm")
    }

    @Test
    fun `JMH's percentiles are the row's own, one definition for every output`() {
        val durations = listOf(100L, 700, 200, 900, 300, 1_000, 400, 150, 650, 5_000)
        val stats = serialbench.statistics.Statistics.of(durations.toLongArray())
        val row = measured.copy(
            medianNanos = stats.medianNanos,
            p90Nanos = stats.p90Nanos,
            p99Nanos = stats.p99Nanos,
            durationsNanos = listOf(durations),
        )
        val percentiles = kotlinx.serialization.json.Json.parseToJsonElement(
            JmhFormat.render(results.copy(results = listOf(row))),
        )
            .let { it as kotlinx.serialization.json.JsonArray }.single()
            .let {
                (it as kotlinx.serialization.json.JsonObject)["primaryMetric"] as kotlinx.serialization.json.JsonObject
            }
            .let { it["scorePercentiles"] as kotlinx.serialization.json.JsonObject }
        fun at(p: String) = (percentiles.getValue(p) as kotlinx.serialization.json.JsonPrimitive).content.toDouble()
        assertThat(at("50.0")).isEqualTo(row.medianNanos)
        assertThat(at("90.0")).isEqualTo(row.p90Nanos)
        assertThat(at("99.0")).isEqualTo(row.p99Nanos)
        assertThat(at("0.0")).isEqualTo(100.0)
        assertThat(at("100.0")).isEqualTo(5_000.0)
    }

    @Test
    fun `the CSV has the row's field names as header and one line per row, quoted where needed`() {
        assertThat(ResultsCsv.render(results)).isEqualTo(
            """
            codec,codecName,format,operation,shape,size,repetitions,meanNanos,medianNanos,minNanos,maxNanos,stdDevNanos,payloadBytes,gzipBytes,varianceNanosSquared,errorNanos,p90Nanos,p99Nanos,lowOutliers,highOutliers,driftPercent,repeatedSeries,compilingRepeats,baseline,ratio,ratioStdDev,allocatedBytesPerOp,gcCount,gcTimeMillis,jitTimeMillis,compressionRatio,forks,forkMeansNanos,dataChange.path,dataChange.description,dataChange.differences,io,decoder,firstElementNanos,firstElementMedianNanos,firstElementErrorNanos,adapted,listsSplit,listsWhole,concurrentCalls,callsPerRepetition
            kotlinx-json,kotlinx Json,JSON,serialize,file:orders.json,3,4,250.0,250.0,100,400,1.0,120,40,1.0,10.0,275.0,300.0,0,0,0.4,0,0,kotlinx-json,1.0,0.05,360,0,0,,3.0,2,150.0;350.0,${"$"}[0].price,"0.1 became ""0.1"", a string",2,,,,,,false,,,,
            gson,Gson,JSON,deserialize,flat,10,100,2000.0,2000.0,1999,2001,1.0,13460,4486,1.0,,2200.0,2400.0,0,2,-1.5,1,0,,,,40380,0,0,,3.000445831475702,0,,,,,,,,,,false,,,,
            """.trimIndent() + "\n",
        )
    }

    @Test
    fun `decodes from a stream follow the codecs' rows in the CSV, told apart by their decoder`() {
        val csv = ResultsCsv.render(results.copy(streaming = ReportFixtures.streaming.take(4)))
        val lines = csv.lines().filter { it.isNotEmpty() }
        assertThat(lines).hasSize(1 + results.results.size + 4)
        assertThat(lines.last())
            .startsWith("jackson,jackson,JSON,deserialize,flat,10,100,20000.0,")
            .endsWith(",stream,token-loop,4000.0,4000.0,40.0,false,,,,")
    }

    @Test
    fun `rows over I O paths follow the decodes from a stream in the CSV, told apart by their path`() {
        val io = ReportFixtures.row(
            "protobuf",
            "Protocol Buffers",
            Operation.SERIALIZE,
            10,
            500.0,
            1200,
        ).copy(io = IoPath.FILE, adapted = true)
        val lines = ResultsCsv.render(results.copy(streaming = ReportFixtures.streaming.take(1), ioPaths = listOf(io)))
            .lines().filter {
                it.isNotEmpty()
            }
        assertThat(lines).hasSize(1 + results.results.size + 2)
        assertThat(lines.last())
            .startsWith("protobuf,Protocol Buffers,JSON,serialize,flat,10,100,500.0,").endsWith(",file,,,,,true,,,,")
    }

    @Test
    fun `the engines' rounds on every thread at once come last in the CSV, told apart by their calls at once`() {
        val round = ReportFixtures.row("kotlinx-json", "kotlinx Json", Operation.DESERIALIZE, 10, 700.0, 1200)
            .copy(concurrentCalls = 2, callsPerRepetition = listOf(3))
        val lines = ResultsCsv.render(results.copy(ceiling = listOf(round))).lines().filter { it.isNotEmpty() }
        assertThat(lines).hasSize(1 + results.results.size + 1)
        assertThat(lines.last()).startsWith("kotlinx-json,kotlinx Json,JSON,deserialize,flat,10,100,700.0,")
            .endsWith(",false,,,2,3")
    }
}
